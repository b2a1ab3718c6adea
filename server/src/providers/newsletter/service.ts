import { randomBytes, randomUUID } from "node:crypto";
import { emailKey, NEWSLETTER_DISCOUNT_PERCENT, t } from "@etalage/core";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartRules, contacts, newsletterCoupons, newsletterSubscriptions } from "../../db/schema.ts";
import { type EngageContacts, hashSecret } from "../customer-data/engage.ts";
import type { NewsletterMailer } from "./mailer.ts";
import { confirmMail, type MailLinks, welcomeMail } from "./mails.ts";

/*
 * The built-in Engage newsletter (transactional §4 "Newsletter"; contract "Newsletter and
 * customer data"): a sign-up counts only once the mailed link is confirmed (double opt-in, the
 * proof of consent art. 11.7 Tw asks for); the confirmation mails a single-use 10 % coupon, once
 * per mailbox however its address is spelled.
 */

const NEWSLETTER_API = "/api/ext/voyado-engage-newsletter";
/** A confirmation link works this long; a new sign-up mails a new one. */
const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const token = () => randomBytes(24).toString("base64url");

/** WELKOM-XXXXXXXX: 40 random bits in Crockford-like base32, no 0/O/1/I to misread. */
function couponCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(8);
  let code = "";
  for (const byte of bytes) code += alphabet[byte % alphabet.length];
  return `WELKOM-${code}`;
}

export type SubscribeResult = { contact_id: string } | { email_exists: true };
export type ConfirmResult = { email: string; code: string | null };

export class NewsletterService {
  constructor(
    private readonly db: Db,
    private readonly contacts: EngageContacts,
    readonly mailer: NewsletterMailer,
    private readonly publicUrl: string,
  ) {}

  private links(unsubscribeToken: string): MailLinks {
    const q = `token=${encodeURIComponent(unsubscribeToken)}`;
    return {
      unsubscribePage: `${this.publicUrl}/nieuwsbrief/uitschrijven?${q}`,
      unsubscribeOneClick: `${this.publicUrl}${NEWSLETTER_API}/unsubscribe?${q}`,
    };
  }

  async status(email: string): Promise<"subscribed" | "not-subscribed"> {
    const [row] = await this.db
      .select({ status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.emailKey, emailKey(email)));
    return row?.status === "subscribed" ? "subscribed" : "not-subscribed";
  }

  /**
   * A sign-up: nothing if the mailbox is subscribed already; otherwise it waits for confirmation
   * and a confirmation mail goes out (again, with a fresh link, when asked again).
   */
  async subscribe(email: string, contactId?: string): Promise<SubscribeResult> {
    const result = await this.subscribeInTransaction(email, contactId);
    if ("contact_id" in result) this.mailer.afterCommit();
    return result;
  }

  private subscribeInTransaction(email: string, contactId?: string): Promise<SubscribeResult> {
    const key = emailKey(email);
    return this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.emailKey, key))
        .for("update");
      if (existing?.status === "subscribed") return { email_exists: true as const };
      const confirm = token();
      const unsubscribe = token();
      const fields = {
        email: email.trim(),
        status: "pending" as const,
        confirmTokenHash: hashSecret(confirm),
        confirmExpiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
        unsubscribeTokenHash: hashSecret(unsubscribe),
        updatedAt: new Date(),
      };
      let id: string;
      if (existing) {
        id = existing.contactId;
        await tx
          .update(newsletterSubscriptions)
          .set(fields)
          .where(eq(newsletterSubscriptions.id, existing.id));
      } else {
        id =
          contactId &&
          (await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId))).length
            ? contactId
            : await this.newContact(tx);
        const inserted = await tx
          .insert(newsletterSubscriptions)
          .values({ emailKey: key, contactId: id, ...fields })
          .onConflictDoNothing()
          .returning({ id: newsletterSubscriptions.id });
        // A sign-up of the same mailbox committed meanwhile: its answer stands.
        if (inserted.length === 0) return { email_exists: true as const };
      }
      const confirmUrl = `${this.publicUrl}/nieuwsbrief/bevestigen?token=${encodeURIComponent(confirm)}`;
      await this.mailer.enqueue(tx, confirmMail(email.trim(), confirmUrl, this.links(unsubscribe)));
      return { contact_id: id };
    });
  }

  private async newContact(tx: Db): Promise<string> {
    const id = randomUUID();
    await tx.insert(contacts).values({ id });
    return id;
  }

  /** The mailed link: subscribed from now on, and the welcome coupon if this mailbox never had one. */
  async confirm(confirmToken: string): Promise<ConfirmResult | null> {
    const result = await this.confirmInTransaction(confirmToken);
    if (result) this.mailer.afterCommit();
    return result;
  }

  private confirmInTransaction(confirmToken: string): Promise<ConfirmResult | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(newsletterSubscriptions)
        .where(
          and(
            eq(newsletterSubscriptions.confirmTokenHash, hashSecret(confirmToken)),
            eq(newsletterSubscriptions.status, "pending"),
            gt(newsletterSubscriptions.confirmExpiresAt, sql`now()`),
          ),
        )
        .for("update");
      if (!row) return null;
      const unsubscribe = token();
      await tx
        .update(newsletterSubscriptions)
        .set({
          status: "subscribed",
          confirmTokenHash: null,
          confirmExpiresAt: null,
          confirmedAt: new Date(),
          unsubscribedAt: null,
          unsubscribeTokenHash: hashSecret(unsubscribe),
          updatedAt: new Date(),
        })
        .where(eq(newsletterSubscriptions.id, row.id));
      await tx
        .update(contacts)
        .set({ email: row.email, acceptsEmail: true, updatedAt: sql`now()` })
        .where(eq(contacts.id, row.contactId));
      const code = await this.issueCoupon(tx, row.emailKey);
      await this.mailer.enqueue(tx, welcomeMail(row.email, code, this.links(unsubscribe)));
      return { email: row.email, code };
    });
  }

  /** One coupon per mailbox, ever: the key is the coupon table's primary key. */
  private async issueCoupon(tx: Db, key: string): Promise<string | null> {
    const code = couponCode();
    const issued = await tx
      .insert(newsletterCoupons)
      .values({ emailKey: key, code })
      .onConflictDoNothing()
      .returning({ code: newsletterCoupons.code });
    if (issued.length === 0) return null;
    await tx.insert(cartRules).values({
      code,
      label: t("Newsletter welcome discount"),
      action: "by_percent",
      discountAmount: NEWSLETTER_DISCOUNT_PERCENT,
      usageLimit: 1,
    });
    return code;
  }

  /** The contract's DELETE: nothing happens for an address that is not signed up. */
  async unsubscribeEmail(email: string): Promise<boolean> {
    return this.unsubscribeWhere(eq(newsletterSubscriptions.emailKey, emailKey(email)));
  }

  /** The mails' link and one-click header. */
  async unsubscribeToken(unsubscribeToken: string): Promise<boolean> {
    return this.unsubscribeWhere(
      eq(newsletterSubscriptions.unsubscribeTokenHash, hashSecret(unsubscribeToken)),
    );
  }

  /**
   * Whether the token belongs to a sign-up at all (the unsubscribe page's first look), and to
   * `email`'s when one is given (the contract's DELETE with the mailed token).
   */
  async knowsUnsubscribeToken(unsubscribeToken: string, email?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: newsletterSubscriptions.id })
      .from(newsletterSubscriptions)
      .where(
        and(
          eq(newsletterSubscriptions.unsubscribeTokenHash, hashSecret(unsubscribeToken)),
          email === undefined ? undefined : eq(newsletterSubscriptions.emailKey, emailKey(email)),
        ),
      );
    return rows.length > 0;
  }

  private async unsubscribeWhere(where: ReturnType<typeof eq>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(newsletterSubscriptions)
        .set({
          status: "unsubscribed",
          unsubscribedAt: new Date(),
          confirmTokenHash: null,
          updatedAt: new Date(),
        })
        .where(and(where, inArray(newsletterSubscriptions.status, ["pending", "subscribed"])))
        .returning({ contactId: newsletterSubscriptions.contactId });
      for (const row of rows)
        await tx
          .update(contacts)
          .set({ acceptsEmail: false, updatedAt: sql`now()` })
          .where(eq(contacts.id, row.contactId));
      return rows.length > 0;
    });
  }

  /** The contacts port this newsletter writes to. */
  get engage(): EngageContacts {
    return this.contacts;
  }
}
