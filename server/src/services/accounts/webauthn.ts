import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from "@simplewebauthn/server";
import { and, eq, gt, lt, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { passkeyChallenges } from "../../db/schema.ts";
import { fieldError } from "./passwords.ts";

/**
 * The WebAuthn ceremonies customers' and staff's passkeys share (issue 12, issue 25): options,
 * verification through @simplewebauthn/server, the stored challenge and the counter rule. What a
 * passkey opens (a customer's login, a staff member's second step) is the caller's.
 */

/** The shop as WebAuthn knows it: its domain (RP ID) and the origin pages are served from. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** A passkey as its owner sees it: never its public key. */
export interface PasskeyAnswer {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  transports: string[];
}

/** What a stored passkey needs to check a signature. */
export interface StoredPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** A verified new passkey, ready to store. */
export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** The ceremony an answer is checked against. */
export interface Ceremony {
  challenge: string;
  rpId: string;
  origin: string;
}

const CEREMONY_TTL_MS = 5 * 60 * 1000;
/** ES256 first (every platform authenticator), then EdDSA and RS256 (Windows Hello). */
const ALGORITHMS = [-7, -8, -257];

const PASSKEY_EXPIRED = "This passkey request has expired. Please try again.";
export const PASSKEY_NOT_VERIFIED = "The passkey could not be verified";
const CLIENT_DATA = "body.credential.response.clientDataJSON";

export type Purpose = "registration" | "authentication";
/** Whose registration a challenge is for: a customer, a staff member, or (a login) nobody yet. */
export type CeremonyOwner = { customerId: number } | { staffId: number } | null;

export function creationOptions(
  rp: RelyingParty,
  rpName: string,
  user: { name: string; displayName: string; handle: string },
  existing: Pick<StoredPasskey, "credentialId" | "transports">[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName,
    rpID: rp.id,
    userName: user.name,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(user.handle),
    timeout: CEREMONY_TTL_MS,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as WebAuthnCredential["transports"],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
}

/** Request options; with `allow`, only those passkeys (a second factor for a known account). */
export function requestOptions(
  rp: RelyingParty,
  allow?: Pick<StoredPasskey, "credentialId" | "transports">[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TTL_MS,
    userVerification: "required",
    ...(allow
      ? {
          allowCredentials: allow.map((p) => ({
            id: p.credentialId,
            transports: p.transports as WebAuthnCredential["transports"],
          })),
        }
      : {}),
  });
}

/** The new passkey of a registration answer, verified (user verification required), or a 400. */
export async function verifyCreation(
  response: RegistrationResponseJSON,
  ceremony: Ceremony,
): Promise<NewPasskey> {
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: ceremony.origin,
      expectedRPID: ceremony.rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    info = verified.registrationInfo;
  } catch {
    info = undefined;
  }
  if (!info) throw fieldError("body.credential", PASSKEY_NOT_VERIFIED);
  return {
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
    counter: info.credential.counter,
    transports: response.response.transports ?? [],
  };
}

/**
 * The counter a signed assertion carries, when its signature, origin, RP ID and user verification
 * are right and the counter did not go back; otherwise undefined.
 */
export async function verifyAssertion(
  response: AuthenticationResponseJSON,
  ceremony: Ceremony,
  passkey: StoredPasskey,
): Promise<number | undefined> {
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: ceremony.origin,
      expectedRPID: ceremony.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports as WebAuthnCredential["transports"],
      },
      requireUserVerification: true,
    });
    return verified.verified ? verified.authenticationInfo.newCounter : undefined;
  } catch {
    // A bad signature, another origin, or a counter that did not rise (a cloned key).
    return undefined;
  }
}

/**
 * The condition for storing `counter`: only forward, so of two answers signed with one counter
 * (a replay racing the original) one wins. Authenticators that keep no counter stay at 0.
 */
export function counterMovesForward(column: PgColumn, counter: number): SQL | undefined {
  return or(lt(column, counter), and(eq(column, 0), sql`${counter} = 0`));
}

export async function storeChallenge(
  db: Db,
  challenge: string,
  purpose: Purpose,
  rp: RelyingParty,
  owner: CeremonyOwner,
): Promise<void> {
  await db.insert(passkeyChallenges).values({
    challenge,
    purpose,
    customerId: owner && "customerId" in owner ? owner.customerId : null,
    staffId: owner && "staffId" in owner ? owner.staffId : null,
    rpId: rp.id,
    origin: rp.origin,
    expiresAt: new Date(Date.now() + CEREMONY_TTL_MS),
  });
}

/**
 * The ceremony an answer belongs to, found by the challenge the browser signed, and deleted:
 * a challenge works once, for its purpose, for 5 minutes, and for registration for its owner.
 */
export async function takeChallenge(
  db: Db,
  clientDataJSON: string,
  purpose: Purpose,
  refusal: 400 | 401,
  owner?: CeremonyOwner,
): Promise<Ceremony> {
  const challenge = challengeOf(clientDataJSON);
  const whose =
    owner === undefined
      ? sql`true`
      : owner === null
        ? and(sql`${passkeyChallenges.customerId} is null`, sql`${passkeyChallenges.staffId} is null`)
        : "customerId" in owner
          ? eq(passkeyChallenges.customerId, owner.customerId)
          : eq(passkeyChallenges.staffId, owner.staffId);
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        whose,
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!row) throw fieldError(CLIENT_DATA, PASSKEY_EXPIRED, {}, refusal);
  return row;
}

/** The challenge in the browser's client data (base64url JSON); anything else is a 400. */
export function challengeOf(clientDataJSON: string): string {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
  } catch {
    data = null;
  }
  const challenge = (data as { challenge?: unknown } | null)?.challenge;
  if (typeof challenge !== "string" || !/^[\w-]{16,128}$/.test(challenge))
    throw fieldError(CLIENT_DATA, "is not WebAuthn client data with a challenge");
  return challenge;
}

/** A passkey row as its owner sees it (customer or staff): never the key. */
export function passkeyAnswer(row: {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  transports: string[];
}): PasskeyAnswer {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    transports: row.transports,
  };
}

/** Housekeeping: challenges nobody answered within their 5 minutes. */
export async function purgePasskeyChallenges(db: Db, now: Date = new Date()): Promise<number> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(lt(passkeyChallenges.expiresAt, now))
    .returning({ challenge: passkeyChallenges.challenge });
  return rows.length;
}
