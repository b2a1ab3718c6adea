import type { AuditAction, StaffRole } from "@etalage/core";
import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/*
 * The back office's staff (issue 25, docs/decisions/0043): accounts apart from customers, their
 * invitations, logins and sessions, and the append-only audit log. Secrets are never stored:
 * passwords as argon2id hashes, tokens as SHA-256 digests.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const staff = pgTable(
  "staff",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    /** Null until the invitation is used. */
    passwordHash: text("password_hash"),
    /** The TOTP secret (base32) once enrolled; it must be readable to check a code. */
    totpSecret: text("totp_secret"),
    /** Offered on the security page to one who enrolled no TOTP yet; theirs once a code from it is entered. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last TOTP time step accepted: a code is good once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: at("created_at").notNull().defaultNow(),
    disabledAt: at("disabled_at"),
  },
  (t) => [uniqueIndex("staff_email_idx").on(sql`lower(${t.email})`)],
);

export const staffInvitations = pgTable(
  "staff_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    /** Offered at the invitation page; becomes the staff member's when a code from it is entered. */
    totpSecret: text("totp_secret").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("staff_invitations_staff_idx").on(t.staffId)],
);

/** The step between a right password and the second factor. */
export const staffLoginChallenges = pgTable("staff_login_challenges", {
  tokenHash: text("token_hash").primaryKey(),
  staffId: integer("staff_id")
    .notNull()
    .references(() => staff.id, { onDelete: "cascade" }),
  attempts: integer("attempts").notNull().default(0),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
  /** The WebAuthn challenge a passkey must sign, with its relying party; null without passkeys. */
  passkeyChallenge: text("passkey_challenge"),
  rpId: text("rp_id"),
  origin: text("origin"),
});

/** A staff member's passkeys, a second factor (docs/decisions/0043); as customers' passkeys, never the key's secret. */
export const staffPasskeys = pgTable(
  "staff_passkeys",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    /** The authenticator's credential id, base64url. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The signature counter; it only moves forward (a cloned key's does not). */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    rpId: text("rp_id").notNull(),
    name: text("name").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastUsedAt: at("last_used_at"),
  },
  (t) => [index("staff_passkeys_staff_idx").on(t.staffId)],
);

export const staffSessions = pgTable(
  "staff_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    revokedAt: at("revoked_at"),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/** Failed staff logins per email and address, for the slow-down and the lockout. */
export const staffLoginFailures = pgTable(
  "staff_login_failures",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    address: text("address").notNull().default(""),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [index("staff_login_failures_email_idx").on(t.email, t.at)],
);

/** Every staff action; a trigger refuses UPDATE and DELETE (migration staff_audit_append_only). */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    at: at("at").notNull().defaultNow(),
    /** Null for what no known staff member did (a failed login for an unknown address). */
    staffId: integer("staff_id"),
    /** Who, as typed or as known then: an email outlives a renamed or disabled account. */
    actor: text("actor").notNull(),
    action: text("action").$type<AuditAction>().notNull(),
    target: text("target"),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>(),
    ip: text("ip").notNull().default(""),
  },
  (t) => [index("staff_audit_at_idx").on(t.at, t.id)],
);
