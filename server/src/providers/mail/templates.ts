import { formatPrice, SHOP_COMPANY, WITHDRAWAL_DAYS } from "@etalage/core";
import { escapeHtml } from "./escape.ts";
import { type ReturnRequestedMail, renderReturnRequestedMail } from "./return-template.ts";
import { type OrderShippedMail, renderShippedMail } from "./shipped-template.ts";

/**
 * The shop's transactional mails in Dutch, as HTML and plain text. Every value that came from a
 * shopper is escaped; links are built from PUBLIC_URL only, never from a request's Host header.
 */
export interface MailContent {
  template: string;
  subject: string;
  html: string;
  text: string;
}

export type MailTemplate =
  | { template: "welcome"; firstname: string; shopUrl: string }
  | { template: "password-reset"; firstname: string; resetUrl: string }
  | { template: "password-changed"; firstname: string; shopUrl: string }
  | { template: "account-exists"; firstname: string; shopUrl: string }
  | {
      template: "order-confirmed";
      firstname: string;
      orderNumber: string;
      /** Each line with its chosen options, such as a gift card's recipient (issue 14). */
      lines: { name: string; qty: number; rowTotal: number; options?: { label: string; value: string }[] }[];
      shipping: string;
      /** Labelled amounts above the total that add up to it (subtotal, shipping, discount). */
      totals: { label: string; value: number }[];
      /** The VAT the total includes. */
      vat: number;
      grandTotal: number;
      paymentMethod: string;
      /** Where a pick-up order is collected: the place's address and, for a store, its hours. */
      pickup: { title: string; lines: string[]; hours: string[] } | null;
      /** The terms' right-of-withdrawal section, with the model withdrawal form. */
      withdrawalUrl: string;
      /** Lines as on an envelope (core `orderAddressLines`); no shipping address for a pick-up or digital order. */
      shippingAddress: string[] | null;
      billingAddress: string[];
      /** The order in the account pages, for a customer; a guest's mail has none. */
      orderUrl: string | null;
      /** A guest's order status page, opened by the link's own token; a customer's mail has none. */
      statusUrl: string | null;
    }
  | OrderShippedMail
  | ReturnRequestedMail
  /** Issue 14: a sold-out size the shopper asked about can be bought again; sent once. */
  | { template: "back-in-stock"; productName: string; variant: string | null; productUrl: string }
  /** For the order and newsletter issues: a prepared mail of their own. */
  | { template: "custom"; name: string; subject: string; html: string; text: string };

const INK = "#1d1d1b";
const ACCENT = "#7a4b2a";

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f1ec;font-family:Helvetica,Arial,sans-serif;color:${INK}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e5e0d8;font-size:22px;letter-spacing:.2em;font-weight:bold">ETALAGE</td></tr>
<tr><td style="padding:32px;font-size:16px;line-height:1.5">${body}</td></tr>
<tr><td style="padding:16px 32px;font-size:12px;color:#6b6b6b;border-top:1px solid #e5e0d8">Etalage · herenmode en schoenen</td></tr>
</table></td></tr></table></body></html>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:${ACCENT};color:#fff;padding:12px 20px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>`;
}

export function renderMail(mail: MailTemplate): MailContent {
  switch (mail.template) {
    case "welcome": {
      const subject = "Welkom bij Etalage";
      const hello = `Hallo ${mail.firstname},`;
      return {
        template: mail.template,
        subject,
        html: layout(
          subject,
          `<p>${escapeHtml(hello)}</p><p>Je account bij Etalage is aangemaakt. Je kunt nu inloggen om je bestellingen en adressen te beheren.</p>${button(`${mail.shopUrl}/my-account`, "Naar mijn account")}`,
        ),
        text: `${hello}\n\nJe account bij Etalage is aangemaakt. Je kunt nu inloggen om je bestellingen en adressen te beheren.\n\n${mail.shopUrl}/my-account\n`,
      };
    }
    case "password-reset": {
      const subject = "Herstel je wachtwoord";
      const hello = `Hallo ${mail.firstname},`;
      const lead =
        "Je hebt gevraagd om je wachtwoord te herstellen. Via de link hieronder kies je een nieuw wachtwoord. De link werkt één keer en is een uur geldig.";
      const tail =
        "Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft zoals het is.";
      return {
        template: mail.template,
        subject,
        html: layout(
          subject,
          `<p>${escapeHtml(hello)}</p><p>${lead}</p>${button(mail.resetUrl, "Nieuw wachtwoord instellen")}<p style="font-size:14px;color:#6b6b6b">${tail}</p>`,
        ),
        text: `${hello}\n\n${lead}\n\n${mail.resetUrl}\n\n${tail}\n`,
      };
    }
    case "password-changed":
      return loginNotice(
        mail,
        "Je wachtwoord is gewijzigd",
        "Het wachtwoord van je Etalage-account is zojuist gewijzigd. Op andere apparaten ben je uitgelogd.",
        "Was jij dit niet? Herstel dan meteen je wachtwoord via 'Wachtwoord vergeten?' op de inlogpagina.",
      );
    case "account-exists":
      return loginNotice(
        mail,
        "Je hebt al een account bij Etalage",
        "Zojuist wilde iemand met dit e-mailadres een account bij Etalage aanmaken of een account op dit adres zetten. Je hebt al een account, dus er is niets veranderd.",
        "Was jij dit? Log dan in met je wachtwoord, of kies 'Wachtwoord vergeten?' op de inlogpagina. Was jij dit niet? Dan kun je deze e-mail negeren.",
      );
    case "order-confirmed": {
      const subject = `Bedankt voor je bestelling ${mail.orderNumber}`;
      const hello = `Hallo ${mail.firstname},`;
      const lead = `We hebben je bestelling ${mail.orderNumber} ontvangen en gaan ermee aan de slag.`;
      const optionsHtml = (options: { label: string; value: string }[] = []) =>
        options
          .map(
            (o) =>
              `<br><span style="font-size:13px;color:#6b6b6b">${escapeHtml(o.label)}: ${escapeHtml(o.value)}</span>`,
          )
          .join("");
      const rows = mail.lines
        .map(
          (line) =>
            `<tr><td style="padding:4px 0">${line.qty} × ${escapeHtml(line.name)}${optionsHtml(line.options)}</td><td align="right" valign="top" style="padding:4px 0">${formatPrice(line.rowTotal)}</td></tr>`,
        )
        .join("");
      const amountRow = (label: string, value: number) =>
        `<tr><td style="padding:2px 0">${escapeHtml(label)}</td><td align="right" style="padding:2px 0">${formatPrice(value)}</td></tr>`;
      const total = `${mail.totals.map((a) => amountRow(a.label, a.value)).join("")}<tr><td style="padding:8px 0;border-top:1px solid #e5e0d8"><strong>Totaal</strong></td><td align="right" style="padding:8px 0;border-top:1px solid #e5e0d8"><strong>${formatPrice(mail.grandTotal)}</strong></td></tr><tr><td style="font-size:13px;color:#6b6b6b">waarvan btw</td><td align="right" style="font-size:13px;color:#6b6b6b">${formatPrice(mail.vat)}</td></tr>`;
      const shipping = mail.shipping ? `<p>Verzending: ${escapeHtml(mail.shipping)}</p>` : "";
      const pickupHtml = mail.pickup
        ? `<p><strong>${escapeHtml(mail.pickup.title)}</strong><br>${mail.pickup.lines.map(escapeHtml).join("<br>")}${
            mail.pickup.hours.length > 0
              ? `<br><br>Openingstijden:<br>${mail.pickup.hours.map(escapeHtml).join("<br>")}`
              : ""
          }</p>`
        : "";
      const withdrawal = `Je mag je bestelling binnen ${WITHDRAWAL_DAYS} dagen na ontvangst zonder opgave van reden herroepen (de wet geeft je 14 dagen). Meld het ons via ${SHOP_COMPANY.email} of met het modelformulier voor herroeping: ${mail.withdrawalUrl}`;
      const company = `${SHOP_COMPANY.name}, ${SHOP_COMPANY.street}, ${SHOP_COMPANY.postcode} ${SHOP_COMPANY.city} · KvK ${SHOP_COMPANY.kvk} · btw ${SHOP_COMPANY.vatNumber} · ${SHOP_COMPANY.phone} · ${SHOP_COMPANY.email}`;
      const payment = `<p>Betaalmethode: ${escapeHtml(mail.paymentMethod)}</p>`;
      const addresses: [string, string[]][] = [
        ...(mail.shippingAddress ? [["Verzendadres", mail.shippingAddress] as [string, string[]]] : []),
        ["Factuuradres", mail.billingAddress],
      ];
      const addressHtml = addresses
        .map(
          ([title, lines]) =>
            `<td valign="top" style="padding:8px 16px 8px 0"><strong>${title}</strong><br>${lines.map(escapeHtml).join("<br>")}</td>`,
        )
        .join("");
      const link = mail.orderUrl
        ? button(mail.orderUrl, "Bekijk je bestelling")
        : mail.statusUrl
          ? button(mail.statusUrl, "Bekijk de status van je bestelling")
          : "";
      const url = mail.orderUrl ?? mail.statusUrl;
      const textLines = mail.lines.flatMap((line) => [
        `${line.qty} × ${line.name}  ${formatPrice(line.rowTotal)}`,
        ...(line.options ?? []).map((o) => `    ${o.label}: ${o.value}`),
      ]);
      return {
        template: mail.template,
        subject,
        html: layout(
          subject,
          `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}${total}</table>${shipping}${pickupHtml}${payment}<table role="presentation" cellpadding="0" cellspacing="0"><tr>${addressHtml}</tr></table>${link}<h2 style="font-size:16px;margin:24px 0 8px">Herroepingsrecht</h2><p style="font-size:14px">${escapeHtml(withdrawal)}</p><p style="font-size:12px;color:#6b6b6b">${escapeHtml(company)}</p>`,
        ),
        text: [
          hello,
          "",
          lead,
          "",
          ...textLines,
          ...mail.totals.map((a) => `${a.label}  ${formatPrice(a.value)}`),
          `Totaal  ${formatPrice(mail.grandTotal)}`,
          `waarvan btw  ${formatPrice(mail.vat)}`,
          ...(mail.shipping ? ["", `Verzending: ${mail.shipping}`] : []),
          ...(mail.pickup
            ? [
                "",
                `${mail.pickup.title}:`,
                ...mail.pickup.lines,
                ...(mail.pickup.hours.length > 0 ? ["Openingstijden:", ...mail.pickup.hours] : []),
              ]
            : []),
          `Betaalmethode: ${mail.paymentMethod}`,
          ...addresses.flatMap(([title, lines]) => ["", `${title}:`, ...lines]),
          ...(url
            ? ["", mail.orderUrl ? "Bekijk je bestelling:" : "Bekijk de status van je bestelling:", url]
            : []),
          "",
          "Herroepingsrecht",
          withdrawal,
          "",
          company,
          "",
        ].join("\n"),
      };
    }
    case "back-in-stock": {
      const what = mail.variant ? `${mail.productName} (${mail.variant})` : mail.productName;
      const subject = `${mail.productName} is er weer`;
      const lead = `Goed nieuws: ${what} is weer op voorraad. Je vroeg ons je dat te laten weten, en dat doen we één keer: wacht niet te lang, want op is op.`;
      const tail = "Je krijgt deze e-mail omdat je op onze website vroeg om bericht als je maat er weer is.";
      return {
        template: mail.template,
        subject,
        html: layout(
          subject,
          `<p>${escapeHtml(lead)}</p>${button(mail.productUrl, "Bekijk het artikel")}<p style="font-size:14px;color:#6b6b6b">${escapeHtml(tail)}</p>`,
        ),
        text: `${lead}\n\n${mail.productUrl}\n\n${tail}\n`,
      };
    }
    case "order-shipped":
      return renderShippedMail(mail, { layout, button });
    case "return-requested":
      return renderReturnRequestedMail(mail, { layout, button });
    case "custom":
      return { template: mail.name, subject: mail.subject, html: mail.html, text: mail.text };
  }
}

/** A short notice about the account with a way to log in: the greeting, what happened, what to do. */
function loginNotice(
  mail: { template: string; firstname: string; shopUrl: string },
  subject: string,
  lead: string,
  tail: string,
) {
  const hello = `Hallo ${mail.firstname},`;
  return {
    template: mail.template,
    subject,
    html: layout(
      subject,
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><p>${escapeHtml(tail)}</p>${button(`${mail.shopUrl}/login`, "Inloggen")}`,
    ),
    text: `${hello}\n\n${lead}\n\n${tail}\n${mail.shopUrl}/login\n`,
  };
}
