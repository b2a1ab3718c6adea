import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "./schema-accounts.ts";
import { staff } from "./schema-staff.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A customer's passkeys (issue 12, beyond the spec): WebAuthn credentials a customer signs in
 * with instead of a password. Only the public key is stored; the private key never leaves the
 * customer's device. Deleting the customer deletes them.
 */
export const customerPasskeys = pgTable(
  "customer_passkeys",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** The authenticator's credential id, base64url, as the browser names it when signing in. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The signature counter (unsigned 32 bits); one that does not rise betrays a cloned key. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** The relying party the passkey belongs to (the shop's domain): it signs for no other. */
    rpId: text("rp_id").notNull(),
    /** What the customer sees, such as "Passkey op Chrome (Android), 26-11-2026". */
    name: text("name").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastUsedAt: at("last_used_at"),
  },
  (t) => [index("customer_passkeys_customer_idx").on(t.customerId)],
);

/**
 * A WebAuthn ceremony under way: its challenge, for one purpose, relying party and origin, and
 * for registration one customer or staff member. Used once (deleted when answered), valid 5 minutes.
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose").$type<"registration" | "authentication">().notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    /** A staff member adding a passkey on the back office's security page (then customerId is null). */
    staffId: integer("staff_id").references(() => staff.id, { onDelete: "cascade" }),
    rpId: text("rp_id").notNull(),
    origin: text("origin").notNull(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("passkey_challenges_expires_idx").on(t.expiresAt)],
);
