import type { Db } from "../../db/client.ts";
import { newsletterOutbox } from "../../db/schema.ts";

/** A newsletter mail, with the headers a mailbox shows an unsubscribe button for (RFC 2369, 8058). */
export interface NewsletterMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  kind: "newsletter-confirm" | "newsletter-welcome";
}

/**
 * Where the newsletter's mails go, inside the transaction that causes them, so a mail exists
 * exactly when its change does. The default writes the newsletter's outbox; the shop's mail
 * port (an outbox table and `services.mail.enqueue`) replaces it by implementing this.
 */
export interface NewsletterMailer {
  enqueue(tx: Db, mail: NewsletterMail): Promise<void>;
}

export const outboxMailer: NewsletterMailer = {
  async enqueue(tx, mail) {
    await tx.insert(newsletterOutbox).values(mail);
  },
};
