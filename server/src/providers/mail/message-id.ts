import { createHash } from "node:crypto";

/**
 * The domain of MAIL_FROM (`Etalage <service@etalage.nl>` or `service@etalage.nl`): the
 * Message-ID's right-hand side, so receivers see an id of the sender's own domain (RFC 5322 §3.6.4).
 */
export function mailDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address
    .slice(address.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(domain)
    ? domain
    : "localhost";
}

/**
 * One outbox row's Message-ID: the same on every delivery attempt of that row (a redelivery after
 * a crash is recognisable as the same mail), and different from every other row's, also across
 * databases — an outbox id alone restarts at 1 with a new database, and receivers drop what
 * looks like a duplicate. The row's creation time (to the millisecond) and a digest of the row's
 * id, time and recipient make the left part; no new column is needed.
 */
export function messageIdFor(row: { id: number; createdAt: Date; to: string }, from: string): string {
  const at = row.createdAt.getTime();
  const digest = createHash("sha256")
    .update(`${row.id}\n${at}\n${row.to}`)
    .digest("base64url")
    .slice(0, 12)
    .replace(/[-_]/g, "x");
  return `<${at.toString(36)}.${row.id}.${digest}@${mailDomain(from)}>`;
}
