import { createHmac, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { cvcValid, expiryValid, luhnValid, REFUSING_HOLDERS, THREE_DS_CARDS } from "./card-rules.ts";
import type { GatewayKeys } from "./gateway-keys.ts";

/**
 * The built-in Adyen-compatible test gateway (contract "Payments"; docs/decisions/0019): Adyen's
 * Checkout API v72 wire format at /gateway/adyen/checkout/v72, hosted pages for card entry,
 * the 3-D Secure 2 challenge and an iDEAL bank simulator, and standard notifications signed with
 * the HMAC key as Adyen signs them. No money moves: every page says 'Testbetaling'.
 */
export const GATEWAY_BASE = "/gateway/adyen";
export const CHECKOUT_PATH = `${GATEWAY_BASE}/checkout/v72`;

type ResultCode = "Authorised" | "Refused" | "Cancelled" | "Pending" | "Error" | "RedirectShopper";

interface GatewayPayment {
  pspReference: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  method: "ideal" | "scheme";
  returnUrl: string;
  resultCode: ResultCode;
  refusalReason?: string;
}

/** Delivers a notification body; answers the receiver's reply text. */
export type NotificationSender = (body: unknown) => Promise<string>;

export function signNotificationItem(item: Record<string, unknown>, hmacKey: string): string {
  const amount = item.amount as { value: number; currency: string };
  const data = [
    item.pspReference,
    item.originalReference ?? "",
    item.merchantAccountCode,
    item.merchantReference,
    amount.value,
    amount.currency,
    item.eventCode,
    item.success,
  ].join(":");
  return createHmac("sha256", Buffer.from(hmacKey, "hex")).update(data, "utf8").digest("base64");
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(reply: FastifyReply, title: string, body: string) {
  reply
    .header("content-security-policy", "default-src 'none'; form-action 'self'; frame-ancestors 'none'")
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8");
  return reply.send(`<!doctype html><html lang="nl"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} – Testbetaling</title></head>
<body><main><p><strong>Testbetaling</strong>: dit is de ingebouwde testomgeving; er wordt geen geld afgeschreven.</p>
<h1>${esc(title)}</h1>${body}</main></body></html>`);
}

export class TestGateway {
  private readonly payments = new Map<string, GatewayPayment>();
  /** redirectResult → pspReference: what the shopper brings back to the shop. */
  private readonly redirects = new Map<string, string>();
  private sender: NotificationSender | undefined;

  constructor(
    readonly keys: GatewayKeys,
    private readonly publicUrl: string,
    private readonly log: { warn(obj: unknown, msg?: string): void } = console,
    private readonly retryDelaysMs: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000],
  ) {}

  /** Where notifications go (the shop's webhook); set once the app exists. */
  sendNotificationsWith(sender: NotificationSender): void {
    this.sender = sender;
  }

  register(app: FastifyInstance): void {
    const authorised = (key: unknown) => key === this.keys.apiKey;
    const unauthorised = (reply: FastifyReply) =>
      reply.code(401).send({
        status: 401,
        errorCode: "000",
        message: "HTTP Status Response - Unauthorized",
        errorType: "security",
      });
    const hidden = { schema: { hide: true } };

    app.post(`${CHECKOUT_PATH}/paymentMethods`, hidden, async (request, reply) => {
      if (!authorised(request.headers["x-api-key"])) return unauthorised(reply);
      return {
        paymentMethods: [
          {
            name: "iDEAL",
            type: "ideal",
            issuers: [
              { id: "1121", name: "Test Issuer" },
              { id: "1152", name: "Test Issuer 3" },
            ],
          },
          { name: "Creditcard", type: "scheme", brands: ["visa", "mc", "amex", "maestro"] },
        ],
      };
    });

    app.post(`${CHECKOUT_PATH}/payments`, hidden, async (request, reply) => {
      if (!authorised(request.headers["x-api-key"])) return unauthorised(reply);
      const body = (request.body ?? {}) as Record<string, any>;
      const type =
        body.paymentMethod?.type === "ideal"
          ? "ideal"
          : body.paymentMethod?.type === "scheme"
            ? "scheme"
            : null;
      const value = body.amount?.value;
      if (
        !type ||
        !Number.isInteger(value) ||
        value <= 0 ||
        typeof body.reference !== "string" ||
        typeof body.returnUrl !== "string"
      )
        return reply.code(422).send({
          status: 422,
          errorCode: "14_0",
          message: "Required field missing or invalid: amount, reference, returnUrl or paymentMethod.type",
          errorType: "validation",
        });
      if (body.merchantAccount !== this.keys.merchantAccount)
        return reply.code(403).send({
          status: 403,
          errorCode: "901",
          message: "Invalid Merchant Account",
          errorType: "security",
        });
      const psp = randomBytes(8).toString("hex").toUpperCase();
      this.payments.set(psp, {
        pspReference: psp,
        merchantReference: body.reference,
        amount: { value, currency: String(body.amount.currency) },
        method: type,
        returnUrl: body.returnUrl,
        resultCode: "RedirectShopper",
      });
      const url = `${this.publicUrl}${GATEWAY_BASE}/${type === "ideal" ? "ideal" : "card"}/${psp}`;
      return {
        resultCode: "RedirectShopper",
        pspReference: psp,
        merchantReference: body.reference,
        action: { type: "redirect", method: "GET", url, paymentMethodType: type, paymentData: psp },
      };
    });

    app.post(`${CHECKOUT_PATH}/payments/details`, hidden, async (request, reply) => {
      if (!authorised(request.headers["x-api-key"])) return unauthorised(reply);
      const redirectResult = (request.body as any)?.details?.redirectResult;
      const psp = typeof redirectResult === "string" ? this.redirects.get(redirectResult) : undefined;
      const payment = psp ? this.payments.get(psp) : undefined;
      if (!payment)
        return reply.code(422).send({
          status: 422,
          errorCode: "101",
          message: "Invalid redirectResult",
          errorType: "validation",
        });
      return {
        resultCode: payment.resultCode,
        pspReference: payment.pspReference,
        merchantReference: payment.merchantReference,
        amount: payment.amount,
        paymentMethod: { type: payment.method },
        ...(payment.refusalReason ? { refusalReason: payment.refusalReason } : {}),
      };
    });

    const find = (psp: string) => this.payments.get(psp);

    app.get<{ Params: { psp: string } }>(`${GATEWAY_BASE}/ideal/:psp`, hidden, async (request, reply) => {
      const payment = find(request.params.psp);
      if (!payment || payment.method !== "ideal") return reply.code(404).send("Onbekende betaling");
      const euros = (payment.amount.value / 100).toFixed(2).replace(".", ",");
      return page(
        reply,
        "iDEAL-testbank",
        `<p>Betaling ${esc(payment.merchantReference)}: € ${euros}</p>
<form method="post"><fieldset><legend>Uitkomst</legend>
<button name="outcome" value="success">Betalen (gelukt)</button>
<button name="outcome" value="pending">In behandeling</button>
<button name="outcome" value="cancel">Annuleren</button>
<button name="outcome" value="failure">Mislukt</button></fieldset></form>`,
      );
    });

    app.post<{ Params: { psp: string } }>(`${GATEWAY_BASE}/ideal/:psp`, hidden, async (request, reply) => {
      const payment = find(request.params.psp);
      if (!payment || payment.method !== "ideal" || payment.resultCode !== "RedirectShopper")
        return reply.code(404).send("Onbekende betaling");
      const outcome = String((request.body as any)?.outcome ?? "");
      const code: Record<string, ResultCode> = {
        success: "Authorised",
        pending: "Pending",
        cancel: "Cancelled",
        failure: "Refused",
      };
      return this.finish(reply, payment, code[outcome] ?? "Refused");
    });

    app.get<{ Params: { psp: string } }>(`${GATEWAY_BASE}/card/:psp`, hidden, async (request, reply) => {
      const payment = find(request.params.psp);
      if (!payment || payment.method !== "scheme") return reply.code(404).send("Onbekende betaling");
      return page(reply, "Betalen met creditcard", cardForm(""));
    });

    app.post<{ Params: { psp: string } }>(`${GATEWAY_BASE}/card/:psp`, hidden, async (request, reply) => {
      const payment = find(request.params.psp);
      if (!payment || payment.method !== "scheme" || payment.resultCode !== "RedirectShopper")
        return reply.code(404).send("Onbekende betaling");
      const form = (request.body ?? {}) as Record<string, string>;
      const number = String(form.number ?? "").replace(/\s+/g, "");
      const problems = [
        luhnValid(number) ? "" : "Het kaartnummer is ongeldig.",
        expiryValid(String(form.expiry ?? "")) ? "" : "De vervaldatum is ongeldig.",
        cvcValid(String(form.cvc ?? ""), number) ? "" : "De beveiligingscode is ongeldig.",
        String(form.holder ?? "").trim() ? "" : "Vul de naam op de kaart in.",
      ].filter(Boolean);
      if (problems.length > 0)
        return page(reply.code(422), "Betalen met creditcard", cardForm(problems.join(" ")));
      const refusal = REFUSING_HOLDERS[String(form.holder).trim().toUpperCase()];
      if (refusal) return this.finish(reply, payment, refusal as ResultCode, "Refused");
      if (THREE_DS_CARDS.has(number))
        return page(
          reply,
          "3-D Secure",
          `<p>Uw bank vraagt om bevestiging.</p><form method="post" action="${GATEWAY_BASE}/3ds/${payment.pspReference}">
<label for="pw">Wachtwoord</label> <input id="pw" name="password" type="password" autocomplete="off" required>
<button>Bevestigen</button></form>`,
        );
      return this.finish(reply, payment, "Authorised");
    });

    app.post<{ Params: { psp: string } }>(`${GATEWAY_BASE}/3ds/:psp`, hidden, async (request, reply) => {
      const payment = find(request.params.psp);
      if (!payment || payment.resultCode !== "RedirectShopper")
        return reply.code(404).send("Onbekende betaling");
      const ok = (request.body as any)?.password === "password";
      return this.finish(
        reply,
        payment,
        ok ? "Authorised" : "Refused",
        ok ? undefined : "3D Not Authenticated",
      );
    });
  }

  private finish(reply: FastifyReply, payment: GatewayPayment, code: ResultCode, refusalReason?: string) {
    payment.resultCode = code;
    if (refusalReason) payment.refusalReason = refusalReason;
    const redirectResult = randomBytes(24).toString("base64url");
    this.redirects.set(redirectResult, payment.pspReference);
    if (code === "Authorised" || code === "Refused" || code === "Error")
      void this.notify(payment, code === "Authorised");
    const url = new URL(payment.returnUrl);
    url.searchParams.set("redirectResult", redirectResult);
    return reply.code(303).header("location", url.toString()).send();
  }

  /** An AUTHORISATION notification, signed, retried with backoff until answered `[accepted]`. */
  async notify(payment: GatewayPayment, success: boolean): Promise<void> {
    const item: Record<string, unknown> = {
      amount: payment.amount,
      eventCode: "AUTHORISATION",
      eventDate: new Date().toISOString(),
      merchantAccountCode: this.keys.merchantAccount,
      merchantReference: payment.merchantReference,
      paymentMethod: payment.method === "ideal" ? "ideal" : "visa",
      pspReference: payment.pspReference,
      reason: success ? "" : (payment.refusalReason ?? "Refused"),
      success: String(success),
    };
    item.additionalData = { hmacSignature: signNotificationItem(item, this.keys.hmacKey) };
    const body = { live: "false", notificationItems: [{ NotificationRequestItem: item }] };
    for (let attempt = 0; ; attempt++) {
      try {
        if (this.sender && (await this.sender(body)) === "[accepted]") return;
      } catch (error) {
        this.log.warn({ error, psp: payment.pspReference }, "test gateway: notification not delivered");
      }
      const delay = this.retryDelaysMs[attempt];
      if (delay === undefined) return;
      await new Promise((r) => setTimeout(r, delay).unref());
    }
  }
}

function cardForm(problem: string): string {
  return `${problem ? `<p role="alert">${esc(problem)}</p>` : ""}<form method="post">
<p><label for="number">Kaartnummer</label> <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required></p>
<p><label for="expiry">Vervaldatum (MM/JJ)</label> <input id="expiry" name="expiry" autocomplete="cc-exp" required></p>
<p><label for="cvc">Beveiligingscode</label> <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></p>
<p><label for="holder">Naam op de kaart</label> <input id="holder" name="holder" autocomplete="cc-name" required></p>
<button>Betalen</button></form>`;
}

/** The gateway's routes in a plugin of their own: its hosted pages take form posts, the API JSON. */
export function testGatewayPlugin(gateway: TestGateway) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    gateway.register(app);
  };
}
