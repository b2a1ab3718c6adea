import { anonymisedOrderAddress, anonymisedOrderEmail, emailKey } from "@etalage/core";
import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  carts,
  contacts,
  customers,
  loginFailures,
  mailOutbox,
  newsletterSubscriptions,
  orders,
  reviews,
} from "../../db/schema.ts";
import { ApiError } from "../../http/envelope.ts";
import type { CustomerAnswer } from "./customers.ts";
import type { CustomerOrder, CustomerOrders } from "./orders.ts";
import { verifyPassword } from "./passwords.ts";
import type { PasskeyAnswer } from "./webauthn.ts";

/** A customer's own data, as "Download mijn gegevens" hands it over (GDPR art. 15 and 20). */
export interface PersonalData {
  exported_at: string;
  profile: Omit<CustomerAnswer, "addresses">;
  addresses: CustomerAnswer["addresses"];
  orders: CustomerOrder[];
  newsletter: { status: "none" | "pending" | "subscribed" | "unsubscribed"; email: string | null };
  /** Names, dates and transports; public keys are not the customer's to read, and say nothing. */
  passkeys: PasskeyAnswer[];
}

const WRONG_PASSWORD = "The current password is not correct";
const ORDER_PAGE = 100;

const tx = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((t) => work(t as unknown as Db));

/** Download and erase a customer's personal data (beyond the spec). Routes only map. */
export class PrivacyService {
  constructor(
    private readonly db: Db,
    private readonly profile: (customerId: number) => Promise<CustomerAnswer | null>,
    private readonly customerOrders: CustomerOrders,
    private readonly passkeys: (customerId: number) => Promise<PasskeyAnswer[]>,
  ) {}

  async export(customerId: number): Promise<PersonalData | null> {
    const customer = await this.profile(customerId);
    if (!customer) return null;
    const { addresses, ...profile } = customer;
    const all: CustomerOrder[] = [];
    for (let page = 1; ; page++) {
      const { items, total_count } = await this.customerOrders.history(customerId, {
        page,
        size: ORDER_PAGE,
      });
      all.push(...items);
      if (items.length < ORDER_PAGE || all.length >= total_count) break;
    }
    const [subscription] = await this.db
      .select({ status: newsletterSubscriptions.status, email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.emailKey, emailKey(customer.email)));
    return {
      exported_at: new Date().toISOString(),
      profile,
      addresses,
      orders: all,
      newsletter: subscription ?? { status: "none", email: null },
      passkeys: await this.passkeys(customerId),
    };
  }

  /**
   * Erases the account after the password is confirmed, in one transaction: the customer row goes
   * (addresses, logins, tokens, reset links, passkeys and their challenges with it, so every device
   * is logged out and no passkey opens the account again); orders
   * stay for the books without name, address or email; carts and reviews lose the link; the
   * newsletter subscription, its contact and the mail still addressed to them are deleted.
   */
  async erase(customerId: number, password: string): Promise<void> {
    const [customer] = await this.db.select().from(customers).where(eq(customers.id, customerId));
    if (!customer || !(await verifyPassword(customer.passwordHash, password))) {
      throw new ApiError(400, `body.password: ${WRONG_PASSWORD}`, {
        errorMessage: WRONG_PASSWORD,
        errors: [{ path: "body.password", message: WRONG_PASSWORD }],
      });
    }
    const key = emailKey(customer.email);
    await tx(this.db, async (t) => {
      const own = await t
        .select({
          id: orders.id,
          incrementId: orders.incrementId,
          shipping: orders.shippingAddress,
          billing: orders.billingAddress,
        })
        .from(orders)
        .where(eq(orders.customerId, customerId))
        .for("update");
      for (const order of own) {
        await t
          .update(orders)
          .set({
            customerId: null,
            email: anonymisedOrderEmail(order.incrementId),
            billingAddress: anonymisedOrderAddress(order.billing),
            shippingAddress: order.shipping ? anonymisedOrderAddress(order.shipping) : null,
            updatedAt: new Date(),
          })
          .where(eq(orders.id, order.id));
      }
      await t.update(carts).set({ customerId: null }).where(eq(carts.customerId, customerId));
      await t.update(reviews).set({ customerId: null }).where(eq(reviews.customerId, customerId));
      const subscribed = await t
        .delete(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.emailKey, key))
        .returning({ contactId: newsletterSubscriptions.contactId });
      // A contact another subscription still points at stays (it is that mailbox's, not theirs).
      await t
        .delete(contacts)
        .where(
          and(
            or(
              eq(contacts.customKey, customer.externalId),
              ...subscribed.map((s) => eq(contacts.id, s.contactId)),
            ),
            sql`not exists (select 1 from ${newsletterSubscriptions} where ${newsletterSubscriptions.contactId} = ${contacts.id})`,
          ),
        );
      await t.delete(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, customer.email.toLowerCase()));
      await t.delete(loginFailures).where(eq(loginFailures.email, customer.email));
      await t.delete(customers).where(eq(customers.id, customerId));
    });
  }
}
