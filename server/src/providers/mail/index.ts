import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { enqueueMail, type MailRequest } from "./outbox.ts";
import { MailboxTransport, type MailTransport, SmtpTransport } from "./transport.ts";
import { type MailLog, MailWorker } from "./worker.ts";

export type { MailRequest } from "./outbox.ts";

/**
 * The mail port (issue 12). Callers write mail into the outbox in their own transaction with
 * `enqueue(tx, …)`; the worker sends it over SMTP_URL, or to the built-in mailbox without one.
 */
export class MailService {
  readonly transport: MailTransport;
  readonly worker: MailWorker;

  constructor(config: Config, db: Db, log: MailLog) {
    this.transport = config.SMTP_URL ? new SmtpTransport(config.SMTP_URL) : new MailboxTransport();
    this.worker = new MailWorker(db, this.transport, config.MAIL_FROM, log, config.MAIL_WORKER_INTERVAL_MS);
  }

  /** Queue a mail in the caller's transaction; call `kick()` after the commit to send it at once. */
  enqueue(tx: Db, request: MailRequest): Promise<number> {
    return enqueueMail(tx, request);
  }

  /** Deliver due mail now rather than at the next tick; never throws. */
  kick(): void {
    this.worker.deliverDue().catch(() => {});
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }
}
