/**
 * The built-in Voyado Engage's REST API (issue 24 item 5; vendor-apis §4): the calls the shop
 * makes of a real Engage — contacts v3 create, v2 lookup, read, partial update, the
 * `acceptsEmail` preference and consents — answered over the shop's own `contacts` table, so the
 * Engage adapter (engage-client.ts) is tested against it over HTTP and a retailer switches with
 * VOYADO_ENGAGE_URL and VOYADO_ENGAGE_API_KEY. Where Voyado's pages say nothing (error bodies),
 * it answers as an ASP.NET Web API does: `{ "message": "…" }`.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contacts, type EngageConsent } from "../../db/schema.ts";
import { localKey } from "../local-key.ts";

/** The built-in Engage's API key: from DATA_DIR, made on first start (as the test gateway's keys). */
export function loadEngageApiKey(dataDir: string): string {
  return localKey(dataDir, "voyado-engage");
}

/** Engage's contact as its v2 read answers it. */
export interface EngageContact {
  id: string;
  contactType: "Member";
  attributes: Record<string, string>;
  preferences: { acceptsEmail: boolean; acceptsSms: boolean; acceptsPostal: boolean };
  consents: EngageConsent[];
  meta: { createdOn: string; modifiedOn: string; source: string | null; isApproved: boolean };
}

/** The contact fields the shop sends (Engage's names); the rest of a tenant's fields are not emulated. */
export const CONTACT_FIELDS = [
  "email",
  "firstName",
  "lastName",
  "mobilePhone",
  "countryCode",
  "favstore",
] as const;
export type ContactFields = Partial<Record<(typeof CONTACT_FIELDS)[number], string>>;

export interface ContactInput extends ContactFields {
  preferences?:
    | { acceptsEmail?: boolean | undefined; acceptsSms?: boolean; acceptsPostal?: boolean }
    | undefined;
  consents?: EngageConsent[] | undefined;
}

type Row = typeof contacts.$inferSelect;

function view(row: Row): EngageContact {
  return {
    id: row.id,
    contactType: "Member",
    attributes: { ...row.attributes, ...(row.email ? { email: row.email } : {}) },
    preferences: { acceptsEmail: row.acceptsEmail, acceptsSms: false, acceptsPostal: false },
    consents: row.consents,
    meta: {
      createdOn: row.createdAt.toISOString(),
      modifiedOn: row.updatedAt.toISOString(),
      source: row.attributes.source ?? null,
      isApproved: row.attributes.approved !== "false",
    },
  };
}

/** A consent once given is yes or no, never unset again (Engage's tri-state); the newest per id wins. */
function mergeConsents(current: EngageConsent[], incoming: EngageConsent[]): EngageConsent[] {
  const byId = new Map(current.map((c) => [c.id, c]));
  for (const consent of incoming) byId.set(consent.id, consent);
  return [...byId.values()];
}

export class EngageApi {
  constructor(private readonly db: Db) {}

  async byId(id: string): Promise<EngageContact | undefined> {
    const [row] = await this.db.select().from(contacts).where(eq(contacts.id, id));
    return row && view(row);
  }

  /** `GET /api/v2/contacts/id?email=`: the newest contact with that address. */
  async idByEmail(email: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(isNotNull(contacts.email), sql`lower(${contacts.email}) = ${email.trim().toLowerCase()}`))
      .orderBy(desc(contacts.updatedAt))
      .limit(1);
    return row?.id;
  }

  /** `POST /api/v3/contacts`: a new contact, or the existing one with that email (its id, unchanged). */
  async create(
    input: ContactInput,
    options: { source: string | undefined; unapproved: boolean },
  ): Promise<{ contact: EngageContact; created: boolean }> {
    const existing = input.email ? await this.idByEmail(input.email) : undefined;
    if (existing) return { contact: (await this.byId(existing))!, created: false };
    const { email, preferences, consents: given, ...fields } = input;
    const attributes: Record<string, string> = { ...definedOnly(fields) };
    if (options.source) attributes.source = options.source;
    if (options.unapproved) attributes.approved = "false";
    const [row] = await this.db
      .insert(contacts)
      .values({
        id: randomUUID(),
        email: email?.trim() ?? null,
        attributes,
        acceptsEmail: preferences?.acceptsEmail ?? false,
        consents: given ?? [],
        // Written by Engage itself: nothing for a shop to send back.
        engageSyncedAt: sql`now()`,
      })
      .returning();
    return { contact: view(row!), created: true };
  }

  /** `POST /api/v2/contacts/{id}`: only what is sent changes; an empty string clears a field. */
  async update(id: string, input: ContactInput): Promise<EngageContact | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(contacts).where(eq(contacts.id, id)).for("update");
      if (!row) return undefined;
      const { email, preferences, consents: given, ...fields } = input;
      const attributes = { ...row.attributes };
      for (const [key, value] of Object.entries(definedOnly(fields))) {
        if (value === "") delete attributes[key];
        else attributes[key] = value;
      }
      const [updated] = await tx
        .update(contacts)
        .set({
          attributes,
          ...(email === undefined ? {} : { email: email.trim() || null }),
          ...(preferences?.acceptsEmail === undefined ? {} : { acceptsEmail: preferences.acceptsEmail }),
          ...(given ? { consents: mergeConsents(row.consents, given) } : {}),
          updatedAt: sql`now()`,
          engageSyncedAt: sql`now()`,
        })
        .where(eq(contacts.id, id))
        .returning();
      return view(updated!);
    });
  }

  /** `POST /api/v2/contacts/{id}/preferences/acceptsEmail`: also approves an unapproved contact. */
  async setAcceptsEmail(id: string, value: boolean): Promise<EngageContact | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(contacts).where(eq(contacts.id, id)).for("update");
      if (!row) return undefined;
      const { approved: _, ...attributes } = row.attributes;
      const [updated] = await tx
        .update(contacts)
        .set({ acceptsEmail: value, attributes, updatedAt: sql`now()`, engageSyncedAt: sql`now()` })
        .where(eq(contacts.id, id))
        .returning();
      return view(updated!);
    });
  }
}

function definedOnly(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
