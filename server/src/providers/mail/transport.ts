import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/client.ts";
import { mailboxMessages } from "../../db/schema.ts";

export interface OutgoingMail {
  outboxId: number;
  /** `<…@MAIL_FROM's domain>`, the same on every attempt (message-id.ts). */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

/** Where mail goes: an SMTP server, or the built-in mailbox in the database. */
export interface MailTransport {
  readonly kind: "smtp" | "mailbox";
  /** `tx` is the worker's claiming transaction: a mailbox in the database writes through it. */
  send(mail: OutgoingMail, tx: Db): Promise<void>;
  close(): void;
}

export class SmtpTransport implements MailTransport {
  readonly kind = "smtp" as const;
  readonly #transporter: Transporter;

  constructor(url: string) {
    this.#transporter = nodemailer.createTransport(url);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.#transporter.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      ...(mail.headers ? { headers: mail.headers } : {}),
      // Stable per outbox row: a redelivery after a crash is recognisable to the receiving side.
      messageId: mail.messageId,
    });
  }

  close(): void {
    this.#transporter.close();
  }
}

/** The demo's mailbox: messages land in `mailbox_messages`, read with `npm run mail`. */
export class MailboxTransport implements MailTransport {
  readonly kind = "mailbox" as const;

  async send(mail: OutgoingMail, tx: Db): Promise<void> {
    const { outboxId, messageId, from, to, subject, html, text, headers } = mail;
    await tx
      .insert(mailboxMessages)
      .values({ outboxId, from, to, subject, html, text, headers: { ...headers, "Message-ID": messageId } })
      .onConflictDoNothing();
  }

  close(): void {}
}
