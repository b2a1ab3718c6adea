import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerLogins, customerTokens } from "../../db/schema.ts";

const ACCESS_TOKEN_TTL_S = 60 * 60;
const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;

/** 256 random bits, base64url: what the client holds. Only its SHA-256 is stored. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function digest(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export interface TokenPair {
  token: string;
  refreshToken: string;
  /** Unix seconds. */
  sessionExpires: number;
}

export async function openLogin(tx: Db, customerId: number): Promise<TokenPair> {
  const loginId = newSecret();
  await tx.insert(customerLogins).values({ id: loginId, customerId });
  return issuePair(tx, loginId);
}

async function issuePair(tx: Db, loginId: string): Promise<TokenPair> {
  const now = Date.now();
  const token = newSecret();
  const refreshToken = newSecret();
  const accessExpires = new Date(now + ACCESS_TOKEN_TTL_S * 1000);
  await tx.insert(customerTokens).values([
    { hash: digest(token), loginId, kind: "access", expiresAt: accessExpires },
    {
      hash: digest(refreshToken),
      loginId,
      kind: "refresh",
      expiresAt: new Date(now + REFRESH_TOKEN_TTL_S * 1000),
    },
  ]);
  return { token, refreshToken, sessionExpires: Math.floor(accessExpires.getTime() / 1000) };
}

export interface Session {
  customerId: number;
  loginId: string;
  sessionExpires: number;
}

/** The live session an access token belongs to, or null (unknown, expired, revoked). */
export async function findSession(db: Db, token: string): Promise<Session | null> {
  const [row] = await db
    .select({
      customerId: customerLogins.customerId,
      loginId: customerLogins.id,
      expiresAt: customerTokens.expiresAt,
    })
    .from(customerTokens)
    .innerJoin(customerLogins, eq(customerLogins.id, customerTokens.loginId))
    .where(
      and(
        eq(customerTokens.hash, digest(token)),
        eq(customerTokens.kind, "access"),
        gt(customerTokens.expiresAt, sql`now()`),
        isNull(customerLogins.revokedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    customerId: row.customerId,
    loginId: row.loginId,
    sessionExpires: Math.floor(row.expiresAt.getTime() / 1000),
  };
}

export type RefreshOutcome = { kind: "rotated"; pair: TokenPair } | { kind: "refused"; reused: boolean };

/**
 * Exchanges a refresh token for a new pair, once. The row is locked, so two concurrent uses of one
 * token cannot both succeed; a token already used revokes its login (it was stolen, or replayed).
 */
export async function rotate(tx: Db, refreshToken: string): Promise<RefreshOutcome> {
  const [row] = await tx
    .select({
      hash: customerTokens.hash,
      loginId: customerTokens.loginId,
      usedAt: customerTokens.usedAt,
      expiresAt: customerTokens.expiresAt,
      revokedAt: customerLogins.revokedAt,
    })
    .from(customerTokens)
    .innerJoin(customerLogins, eq(customerLogins.id, customerTokens.loginId))
    .where(and(eq(customerTokens.hash, digest(refreshToken)), eq(customerTokens.kind, "refresh")))
    .for("update", { of: customerTokens });
  if (!row || row.revokedAt) return { kind: "refused", reused: false };
  if (row.usedAt) {
    await revokeLogin(tx, row.loginId);
    return { kind: "refused", reused: true };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { kind: "refused", reused: false };
  await tx.update(customerTokens).set({ usedAt: new Date() }).where(eq(customerTokens.hash, row.hash));
  return { kind: "rotated", pair: await issuePair(tx, row.loginId) };
}

export async function revokeLogin(tx: Db, loginId: string): Promise<void> {
  await tx
    .update(customerLogins)
    .set({ revokedAt: new Date() })
    .where(and(eq(customerLogins.id, loginId), isNull(customerLogins.revokedAt)));
}

/** Every login of the customer except `keep` (a password change keeps the device that made it). */
export async function revokeOtherLogins(tx: Db, customerId: number, keep?: string): Promise<void> {
  await tx
    .update(customerLogins)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(customerLogins.customerId, customerId),
        isNull(customerLogins.revokedAt),
        ...(keep ? [ne(customerLogins.id, keep)] : []),
      ),
    );
}
