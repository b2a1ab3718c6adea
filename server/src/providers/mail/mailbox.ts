import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailboxMessages } from "../../db/schema.ts";

export interface MailboxSummary {
  id: number;
  to: string;
  subject: string;
  received_at: string;
}

export interface MailboxMessage extends MailboxSummary {
  from: string;
  text: string;
  html: string;
}

/** The built-in mailbox, newest first, optionally for one recipient. */
export async function listMailbox(
  db: Db,
  options: { to?: string | undefined; limit?: number } = {},
): Promise<MailboxSummary[]> {
  const rows = await db
    .select({
      id: mailboxMessages.id,
      to: mailboxMessages.to,
      subject: mailboxMessages.subject,
      receivedAt: mailboxMessages.receivedAt,
    })
    .from(mailboxMessages)
    .where(options.to ? eq(mailboxMessages.to, options.to.toLowerCase()) : undefined)
    .orderBy(desc(mailboxMessages.id))
    .limit(options.limit ?? 50);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    received_at: r.receivedAt.toISOString(),
  }));
}

export async function readMailbox(db: Db, id: number): Promise<MailboxMessage | undefined> {
  const [r] = await db.select().from(mailboxMessages).where(eq(mailboxMessages.id, id));
  return (
    r && {
      id: r.id,
      from: r.from,
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      received_at: r.receivedAt.toISOString(),
    }
  );
}
