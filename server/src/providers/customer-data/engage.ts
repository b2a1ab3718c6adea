import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contactEvents, contactOrders, contacts } from "../../db/schema.ts";

/*
 * The built-in Voyado Engage contacts (contract "Newsletter and customer data"; vendor-apis.md
 * §4). A contact answers only to its own session: the secret issued to the browser that created
 * it, or the customer's token whose external id is its customKey. A guessed contactId alone
 * opens nothing.
 */

export type Contact = typeof contacts.$inferSelect;

/** Engage's contact object, as the overview answers it. */
export interface ContactOverview {
  id: string;
  attributes: Record<string, string>;
  preferences: { acceptsEmail: boolean; acceptsSms: boolean; acceptsPostal: boolean };
}

/**
 * The contact attributes a visitor may change (Engage's names); the rest Engage keeps itself.
 * `favstore` is the store the shopper chose ('Maak dit mijn winkel').
 */
export const EDITABLE_ATTRIBUTES = [
  "firstName",
  "lastName",
  "email",
  "mobilePhone",
  "countryCode",
  "favstore",
] as const;

/** How many recent events the favourites weigh: enough for a taste, bounded for the query. */
const EVENT_WINDOW = 200;
/** An order says more about a taste than a look: one order weighs as much as this many views. */
const ORDER_WEIGHT = 5;

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function secretMatches(secret: string | undefined, hash: string | null): boolean {
  if (!secret || !hash) return false;
  const a = Buffer.from(hashSecret(secret), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The most weighed value, ties to the most recent (rows arrive newest first). */
function favourite(rows: readonly { value: string | null; kind: "view" | "order" }[]): string | null {
  const score = new Map<string, number>();
  for (const { value, kind } of rows) {
    if (!value) continue;
    score.set(value, (score.get(value) ?? 0) + (kind === "order" ? ORDER_WEIGHT : 1));
  }
  let best: string | null = null;
  let bestScore = 0;
  for (const [value, s] of score) {
    if (s > bestScore) {
      best = value;
      bestScore = s;
    }
  }
  return best;
}

export class EngageContacts {
  constructor(private readonly db: Db) {}

  /** A contact for a browser: its id, and the secret only that browser gets (once). */
  async createForBrowser(): Promise<{ contactId: string; secret: string }> {
    const contactId = randomUUID();
    const secret = randomBytes(24).toString("base64url");
    await this.db.insert(contacts).values({ id: contactId, secretHash: hashSecret(secret) });
    return { contactId, secret };
  }

  async byId(contactId: string): Promise<Contact | undefined> {
    const [row] = await this.db.select().from(contacts).where(eq(contacts.id, contactId));
    return row;
  }

  /** Engage's `GET /contacts/id?customKey`: the customer's contact, made on first ask. */
  async idForCustomKey(customKey: string): Promise<string> {
    const [found] = await this.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.customKey, customKey));
    if (found) return found.id;
    const [made] = await this.db
      .insert(contacts)
      .values({ id: randomUUID(), customKey })
      .onConflictDoNothing()
      .returning({ id: contacts.id });
    if (made) return made.id;
    // Another request made it meanwhile.
    const [again] = await this.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.customKey, customKey));
    if (!again) throw new Error("contact for customKey vanished");
    return again.id;
  }

  async overview(contact: Contact): Promise<ContactOverview> {
    const events = await this.db
      .select({ kind: contactEvents.kind, brand: contactEvents.brand, store: contactEvents.store })
      .from(contactEvents)
      .where(eq(contactEvents.contactId, contact.id))
      .orderBy(desc(contactEvents.createdAt), desc(contactEvents.id))
      .limit(EVENT_WINDOW);
    const favbrand = favourite(events.map((e) => ({ value: e.brand, kind: e.kind })));
    const favstore = favourite(
      events.filter((e) => e.kind === "order").map((e) => ({ value: e.store, kind: e.kind })),
    );
    return {
      id: contact.id,
      attributes: {
        // A store the shopper chose (contact.attributes.favstore) wins over the one their orders suggest.
        ...(favstore ? { favstore } : {}),
        ...contact.attributes,
        ...(contact.email ? { email: contact.email } : {}),
        ...(favbrand ? { favbrand } : {}),
      },
      preferences: { acceptsEmail: contact.acceptsEmail, acceptsSms: false, acceptsPostal: false },
    };
  }

  /** Engage's partial update: only the given attributes change; an empty string clears one. */
  async update(contact: Contact, changes: Partial<Record<(typeof EDITABLE_ATTRIBUTES)[number], string>>) {
    const attributes = { ...contact.attributes };
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      if (value === "") delete attributes[key];
      else attributes[key] = value;
    }
    const [row] = await this.db
      .update(contacts)
      .set({ attributes, updatedAt: sql`now()` })
      .where(eq(contacts.id, contact.id))
      .returning();
    return this.overview(row ?? contact);
  }

  async recordView(contactId: string, view: { sku: string; brand: string | null }): Promise<void> {
    await this.db.insert(contactEvents).values({ contactId, kind: "view", sku: view.sku, brand: view.brand });
  }

  /**
   * Orders feed the favourites too (favbrand from their lines, favstore from where they were
   * bought). One order counts once for a contact, however often it is reported: false then.
   */
  async recordOrder(
    contactId: string,
    orderNumber: string,
    lines: { sku: string; brand: string | null }[],
    store: string,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [first] = await tx
        .insert(contactOrders)
        .values({ contactId, orderNumber })
        .onConflictDoNothing()
        .returning({ orderNumber: contactOrders.orderNumber });
      if (!first) return false;
      if (lines.length > 0)
        await tx
          .insert(contactEvents)
          .values(
            lines.map((l) => ({ contactId, kind: "order" as const, sku: l.sku, brand: l.brand, store })),
          );
      return true;
    });
  }

  /** The cart report; the same hash again changes nothing. An empty list is the cart-emptied report. */
  async reportCart(
    contactId: string,
    hash: string | null,
    items: { sku: string; qty: number }[],
  ): Promise<boolean> {
    const changed = await this.db
      .update(contacts)
      .set({ cartHash: hash, cartItems: items, updatedAt: sql`now()` })
      .where(and(eq(contacts.id, contactId), sql`${contacts.cartHash} is distinct from ${hash}`))
      .returning({ id: contacts.id });
    return changed.length > 0;
  }

  async setEmail(contactId: string, email: string, acceptsEmail: boolean): Promise<void> {
    await this.db
      .update(contacts)
      .set({ email, acceptsEmail, updatedAt: sql`now()` })
      .where(eq(contacts.id, contactId));
  }
}
