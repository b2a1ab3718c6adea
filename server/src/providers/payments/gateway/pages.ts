import { createHash } from "node:crypto";
import { formatPrice } from "@etalage/core";
import type { FastifyReply } from "fastify";

/**
 * The gateway's hosted pages as HTML: Adyen's Hosted Checkout page, the issuer's 3-D Secure
 * challenge and the iDEAL bank, in Dutch (the session's shopperLocale is nl-NL). No script at all:
 * plain forms, so they work in any browser and under a policy that allows nothing else. Every
 * page says it is a test payment.
 */

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `
:root{color-scheme:light;--ink:#1a1a1a;--muted:#5c5c5c;--line:#d4d4d4;--accent:#0b5b3a;--alert:#a4161a;--warn:#fff4d6}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#f3f3f1}
.test{margin:0;padding:.5rem 1rem;background:var(--warn);border-bottom:1px solid #e6cf8f;text-align:center;font-size:.875rem}
main{max-width:28rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border:1px solid var(--line);border-radius:.5rem}
@media (max-width:30rem){main{margin:0;border-radius:0;border-width:0 0 1px}}
h1{font-size:1.375rem;margin:0 0 .25rem}
.amount{font-size:1.75rem;font-weight:700;margin:0}
.ref{color:var(--muted);margin:0 0 1.25rem;font-size:.875rem}
.field{margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #8a8a8a;border-radius:.375rem}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #2b6cb0;outline-offset:2px}
.row{display:flex;gap:1rem}.row .field{flex:1}
button{font:inherit;font-weight:600;width:100%;padding:.75rem 1rem;border-radius:.375rem;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer;margin:0 0 .75rem}
button.secondary{background:#fff;color:var(--ink);border-color:#8a8a8a}
.choices{display:grid;gap:.75rem;margin:0 0 1rem;padding:0;border:0}
.choices legend{font-weight:600;margin-bottom:.5rem}
.alert{border:1px solid var(--alert);color:var(--alert);background:#fdf0f0;padding:.75rem;border-radius:.375rem;margin:0 0 1rem}
.hint{color:var(--muted);font-size:.875rem;margin:.25rem 0 1rem}
.method{font-size:1rem;font-weight:700;margin:1.5rem 0 .75rem;padding-top:1rem;border-top:1px solid var(--line)}
.method:first-of-type{border-top:0;padding-top:0;margin-top:0}
output{display:block;word-break:break-all;font-family:ui-monospace,monospace;font-size:.75rem;background:#f3f3f1;padding:.5rem}
`;

const STYLE_HASH = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;

export interface PageOptions {
  title: string;
  body: string;
  /** Where the page's forms may send the shopper on (the shop's returnUrl origin). */
  formTargets?: readonly string[];
  status?: number;
}

export function sendPage(reply: FastifyReply, { title, body, formTargets = [], status = 200 }: PageOptions) {
  const targets = ["'self'", ...new Set(formTargets)].join(" ");
  reply
    .code(status)
    .header(
      "content-security-policy",
      `default-src 'none'; style-src ${STYLE_HASH}; form-action ${targets}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .type("text/html; charset=utf-8");
  return reply.send(`<!doctype html><html lang="nl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(title)} – Testbetaling</title><style>${STYLE}</style></head>
<body><p class="test"><strong>Testbetaling</strong>: dit is de ingebouwde testomgeving; er wordt geen geld afgeschreven.</p>
<main>${body}</main></body></html>`);
}

export function amountLine(value: number, reference: string): string {
  return `<p class="amount">${esc(formatPrice(value / 100))}</p><p class="ref">Betaling ${esc(reference)}</p>`;
}

export function alert(text: string | null): string {
  return text ? `<p class="alert" role="alert">${esc(text)}</p>` : "";
}

export function cardForm(action: string, focusFirst: boolean): string {
  const auto = focusFirst ? " autofocus" : "";
  return `<form method="post" action="${esc(action)}" novalidate>
<p class="field"><label for="number">Kaartnummer</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required${auto}></p>
<div class="row"><p class="field"><label for="expiry">Vervaldatum (MM/JJ)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/JJ" required></p>
<p class="field"><label for="cvc">Beveiligingscode</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></p></div>
<p class="field"><label for="holder">Naam op de kaart</label><input id="holder" name="holder" autocomplete="cc-name" required></p>
<button>Betalen</button></form>`;
}

export function challengeForm(action: string, problem: string | null): string {
  return `<p>Uw bank vraagt u deze betaling te bevestigen.</p>${alert(problem)}
<form method="post" action="${esc(action)}"><p class="field"><label for="pw">Wachtwoord</label>
<input id="pw" name="password" type="password" autocomplete="off" required autofocus></p>
<p class="hint">Testomgeving: het wachtwoord is <code>password</code>.</p><button>Bevestigen</button></form>`;
}

export const BANK_BUTTONS = `<fieldset class="choices"><legend>Uitkomst bij de bank</legend>
<button name="outcome" value="success">Betalen (gelukt)</button>
<button name="outcome" value="pending" class="secondary">In behandeling</button>
<button name="outcome" value="failure" class="secondary">Mislukt</button>
<button name="outcome" value="cancel" class="secondary">Annuleren</button></fieldset>`;

export function cancelForm(action: string, label = "Annuleren en terug naar de winkel"): string {
  return `<form method="post" action="${esc(action)}"><button class="secondary">${esc(label)}</button></form>`;
}
