import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema.ts";
import { type MailTemplate, renderMail } from "./templates.ts";

export interface MailRequest {
  to: string;
  mail: MailTemplate;
  /** Extra headers, such as a newsletter's List-Unsubscribe (issue 15). */
  headers?: Record<string, string>;
  /** The order the mail is about: the order's page lists it. */
  orderId?: number;
}

/**
 * Puts a mail in the outbox inside the caller's transaction (`tx`): it goes out only if the change
 * that caused it commits. The worker (worker.ts) delivers it. Returns the outbox id.
 */
export async function enqueueMail(tx: Db, request: MailRequest): Promise<number> {
  const content = renderMail(request.mail);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to: request.to,
      subject: content.subject,
      template: content.template,
      html: content.html,
      text: content.text,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.orderId ? { orderId: request.orderId } : {}),
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
