/**
 * Contacts to a real Voyado Engage (issue 24 item 5; docs/decisions/0031). The shop keeps its
 * own record of every change (double opt-in, unsubscribes, a chosen store) in the transaction
 * that makes it; this worker then brings Engage up to date, so a change is never lost to an
 * Engage that is down or slow: a contact whose `updated_at` is newer than what Engage last got
 * is sent again, in every instance, each row claimed with FOR UPDATE SKIP LOCKED.
 *
 * Sent: contacts with an email address (Engage's key), their fields, `acceptsEmail` and the
 * newsletter consent (yes once confirmed, no once unsubscribed; Engage's consents are never
 * unset). A browser's anonymous contact stays first-party: it has no key Engage could hold.
 */
import { and, asc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/client.ts";
import { contacts, newsletterSubscriptions } from "../../db/schema.ts";
import { Rounds } from "../../rounds.ts";
import { CONTACT_FIELDS, type ContactFields } from "./engage-api.ts";
import type { EngageClient } from "./engage-client.ts";

const NEWSLETTER_CONSENT = "newsletter";

export class EngageSync {
  readonly #rounds: Rounds;

  constructor(
    private readonly db: Db,
    private readonly client: EngageClient,
    private readonly log: Pick<Logger, "warn" | "error">,
    intervalMs: number,
  ) {
    this.#rounds = new Rounds(
      () => this.#round(50),
      (error) => this.log.error({ err: error }, "Engage sync round failed"),
      intervalMs,
    );
  }

  start(): void {
    this.#rounds.start();
  }

  stop(): Promise<void> {
    return this.#rounds.stop();
  }

  /** One round now: how many contacts Engage got. A failure ends the round; the rest wait. */
  syncDue(batch = 50): Promise<number> {
    return this.#rounds.now(() => this.#round(batch));
  }

  async #round(batch: number): Promise<number> {
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const due = await tx
        .select({
          id: contacts.id,
          email: contacts.email,
          attributes: contacts.attributes,
          acceptsEmail: contacts.acceptsEmail,
          updatedAt: contacts.updatedAt,
        })
        .from(contacts)
        .where(
          and(
            isNotNull(contacts.email),
            or(isNull(contacts.engageSyncedAt), sql`${contacts.updatedAt} > ${contacts.engageSyncedAt}`),
          ),
        )
        .orderBy(asc(contacts.updatedAt))
        .limit(batch)
        .for("update", { skipLocked: true });
      let sent = 0;
      for (const row of due) {
        const [subscription] = await tx
          .select({ status: newsletterSubscriptions.status })
          .from(newsletterSubscriptions)
          .where(eq(newsletterSubscriptions.contactId, row.id));
        const fields: ContactFields = {};
        for (const name of CONTACT_FIELDS) if (row.attributes[name]) fields[name] = row.attributes[name];
        const decided = subscription?.status === "subscribed" || subscription?.status === "unsubscribed";
        try {
          await this.client.upsert(
            { ...fields, email: row.email!, preferences: { acceptsEmail: row.acceptsEmail } },
            decided
              ? {
                  id: NEWSLETTER_CONSENT,
                  value: subscription.status === "subscribed",
                  date: row.updatedAt.toISOString(),
                  source: "e-com",
                }
              : undefined,
          );
        } catch (error) {
          this.log.warn(
            { err: error, contactId: row.id },
            "Engage did not take a contact; it is sent again later",
          );
          break;
        }
        // The row's own updated_at, not the one read: a JavaScript Date keeps milliseconds, the
        // column microseconds, and a contact marked with less than its updated_at stayed due for
        // ever (the oldest 50 filled every round; nobody newer was ever sent). The row is locked.
        await tx
          .update(contacts)
          .set({ engageSyncedAt: sql`${contacts.updatedAt}` })
          .where(eq(contacts.id, row.id));
        sent++;
      }
      return sent;
    });
  }
}
