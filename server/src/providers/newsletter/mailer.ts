import type { Db } from "../../db/client.ts";
import type { MailService } from "../mail/index.ts";

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
 * exactly when its change does; `afterCommit` sends it at once rather than at the next tick.
 */
export interface NewsletterMailer {
  enqueue(tx: Db, mail: NewsletterMail): Promise<void>;
  afterCommit(): void;
}

/** Through the shop's mail port (issue 12): its outbox, SMTP_URL or the built-in mailbox. */
export function mailPortMailer(mail: MailService): NewsletterMailer {
  return {
    async enqueue(tx, { to, subject, text, html, headers, kind }) {
      await mail.enqueue(tx, { to, mail: { template: "custom", name: kind, subject, html, text }, headers });
    },
    afterCommit: () => mail.kick(),
  };
}
