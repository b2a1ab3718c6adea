import { escapeHtml } from "./escape.ts";

/** "Je retour is aangemeld": the shopper's return number, what goes in the parcel and the label (issue 25). */
export interface ReturnRequestedMail {
  template: "return-requested";
  firstname: string;
  orderNumber: string;
  returnNumber: string;
  /** Each line with its reason, in Dutch. */
  lines: { name: string; qty: number; reason: string }[];
  /** The printable label page: the return number as a barcode and the shop's return address. */
  labelUrl: string;
  /** Where the parcel goes. */
  returnAddress: string[];
}

export function renderReturnRequestedMail(
  mail: ReturnRequestedMail,
  frame: { layout(title: string, body: string): string; button(href: string, label: string): string },
) {
  const subject = `Je retour ${mail.returnNumber} is aangemeld`;
  const hello = `Hallo ${mail.firstname},`;
  const lead = `We hebben je retour van bestelling ${mail.orderNumber} ontvangen. Je retournummer is ${mail.returnNumber}.`;
  const how =
    "Print het retourlabel, plak het op het pakket en breng het naar een PostNL-punt. Zodra we je pakket hebben ontvangen en bekeken, betalen we het bedrag terug op de manier waarop je hebt betaald.";
  const rows = mail.lines.map((l) => `${l.qty} × ${l.name} (${l.reason})`);
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><p>Je stuurt terug:<br>${rows
    .map(escapeHtml)
    .join(
      "<br>",
    )}</p><p>${escapeHtml(how)}</p>${frame.button(mail.labelUrl, "Retourlabel printen")}<p>Retouradres:<br>${mail.returnAddress
    .map(escapeHtml)
    .join("<br>")}</p>`;
  return {
    template: mail.template,
    subject,
    html: frame.layout(subject, html),
    text: [
      hello,
      "",
      lead,
      "",
      "Je stuurt terug:",
      ...rows,
      "",
      how,
      "",
      "Retourlabel printen:",
      mail.labelUrl,
      "",
      "Retouradres:",
      ...mail.returnAddress,
      "",
    ].join("\n"),
  };
}
