import { escapeHtml } from "./escape.ts";

/** "Je bestelling is onderweg": a parcel left with its carrier (issue 25). */
export interface OrderShippedMail {
  template: "order-shipped";
  firstname: string;
  orderNumber: string;
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string;
  /** What is in this parcel; other lines may follow in another. */
  lines: { name: string; qty: number }[];
  /** Where a pick-up order waits: the point's name and address. */
  pickup: string[] | null;
  /** The order in the account pages, for a customer. */
  orderUrl: string | null;
}

export function renderShippedMail(
  mail: OrderShippedMail,
  frame: { layout(title: string, body: string): string; button(href: string, label: string): string },
) {
  const subject = `Je bestelling ${mail.orderNumber} is onderweg`;
  const hello = `Hallo ${mail.firstname},`;
  const lead = `Je bestelling ${mail.orderNumber} is onderweg met ${mail.carrierName}. Je trackingnummer is ${mail.trackingNumber}.`;
  const where = mail.pickup
    ? `Je pakket wordt bezorgd bij je afhaalpunt: ${mail.pickup.join(", ")}. Je krijgt bericht zodra je het kunt ophalen.`
    : "Met de link hieronder volg je je pakket.";
  const rows = mail.lines.map((l) => `${l.qty} × ${l.name}`);
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(lead)}</p><p>${escapeHtml(where)}</p><p>In dit pakket:<br>${rows
    .map(escapeHtml)
    .join(
      "<br>",
    )}</p>${frame.button(mail.trackingUrl, "Volg je pakket")}${mail.orderUrl ? `<p><a href="${escapeHtml(mail.orderUrl)}">Bekijk je bestelling</a></p>` : ""}`;
  return {
    template: mail.template,
    subject,
    html: frame.layout(subject, html),
    text: [
      hello,
      "",
      lead,
      where,
      "",
      "In dit pakket:",
      ...rows,
      "",
      "Volg je pakket:",
      mail.trackingUrl,
      ...(mail.orderUrl ? ["", "Bekijk je bestelling:", mail.orderUrl] : []),
      "",
    ].join("\n"),
  };
}
