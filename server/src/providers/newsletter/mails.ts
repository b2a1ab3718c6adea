import { NEWSLETTER_DISCOUNT_PERCENT, t } from "@etalage/core";
import type { NewsletterMail } from "./mailer.ts";

/** Mail texts in Dutch from the dictionary; HTML from escaped values only. */

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

export interface MailLinks {
  /** The page the unsubscribe link opens (a button there unsubscribes: scanners only GET). */
  unsubscribePage: string;
  /** The one-click endpoint of List-Unsubscribe-Post. */
  unsubscribeOneClick: string;
}

function unsubscribeHeaders(links: MailLinks): Record<string, string> {
  return {
    "List-Unsubscribe": `<${links.unsubscribeOneClick}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

function page(paragraphs: string[], links: MailLinks): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join("\n");
  return `<!doctype html><html lang="nl"><body style="font-family:sans-serif;color:#111">${body}
<p style="font-size:12px;color:#5e5e5e"><a href="${escapeHtml(links.unsubscribePage)}">${escapeHtml(t("Unsubscribe from the newsletter"))}</a></p></body></html>`;
}

export function confirmMail(to: string, confirmUrl: string, links: MailLinks): NewsletterMail {
  const intro = t(
    "Confirm your subscription to the Etalage newsletter with the link below. You then receive your {percent}% discount code.",
    {
      percent: String(NEWSLETTER_DISCOUNT_PERCENT),
    },
  );
  const ignore = t(
    "Did you not sign up? Then ignore this mail: without confirmation you receive nothing from us.",
  );
  return {
    to,
    subject: t("Confirm your subscription"),
    text: `${intro}\n\n${confirmUrl}\n\n${ignore}\n\n${t("Unsubscribe from the newsletter")}: ${links.unsubscribePage}\n`,
    html: page(
      [
        escapeHtml(intro),
        `<a href="${escapeHtml(confirmUrl)}">${escapeHtml(t("Confirm subscription"))}</a>`,
        escapeHtml(ignore),
      ],
      links,
    ),
    headers: unsubscribeHeaders(links),
    kind: "newsletter-confirm",
  };
}

export function welcomeMail(to: string, code: string | null, links: MailLinks): NewsletterMail {
  const thanks = t("Welcome to the Etalage newsletter!");
  const codeLine = code
    ? t("Your {percent}% discount code: {code}. It works once; enter it in the cart.", {
        percent: String(NEWSLETTER_DISCOUNT_PERCENT),
        code,
      })
    : null;
  return {
    to,
    subject: t("Welcome to the Etalage newsletter!"),
    text: `${thanks}\n\n${codeLine ? `${codeLine}\n\n` : ""}${t("Unsubscribe from the newsletter")}: ${links.unsubscribePage}\n`,
    html: page(
      [escapeHtml(thanks), ...(codeLine ? [`<strong>${escapeHtml(codeLine)}</strong>`] : [])],
      links,
    ),
    headers: unsubscribeHeaders(links),
    kind: "newsletter-welcome",
  };
}
