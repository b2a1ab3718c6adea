import { passkeyName } from "@etalage/core";
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
import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerPasskeys, customers, passkeyChallenges } from "../../db/schema.ts";
import { fieldError } from "./passwords.ts";
import { openLogin, type TokenPair } from "./tokens.ts";

/** The shop as WebAuthn knows it: its domain (RP ID) and the origin pages are served from. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** A passkey as the customer API answers it: never its public key. */
export interface PasskeyAnswer {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  transports: string[];
}

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RP_NAME = "Etalage";
/** ES256 first (every platform authenticator), then EdDSA and RS256 (Windows Hello). */
const ALGORITHMS = [-7, -8, -257];

const PASSKEY_EXPIRED = "This passkey request has expired. Please try again.";
const PASSKEY_UNKNOWN = "This passkey is not known to us. Log in with your password and add it again.";
const PASSKEY_NOT_VERIFIED = "The passkey could not be verified";
export const PASSKEY_NOT_FOUND = "Passkey not found";
const PASSKEY_TAKEN = "This passkey has already been added";

const CLIENT_DATA = "body.credential.response.clientDataJSON";

type Purpose = "registration" | "authentication";

const tx = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((t) => work(t as unknown as Db));

/**
 * Passkeys (issue 12, beyond the spec): adding one to an account and logging in with it, through
 * @simplewebauthn/server. A challenge is stored for one ceremony, taken (deleted) by the answer
 * that uses it, and dies after 5 minutes. A passkey login opens a login like a password does.
 * Refusals of a login are 401 (as the password login's); of an addition 400, so the browser does
 * not take them for an expired token.
 */
export class PasskeyService {
  constructor(private readonly db: Db) {}

  async registrationOptions(
    customerId: number,
    rp: RelyingParty,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const [customer] = await this.db.select().from(customers).where(eq(customers.id, customerId));
    if (!customer) throw fieldError("headers.authorization", "the customer does not exist", {}, 401);
    const existing = await this.#own(customerId, rp.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.id,
      userName: customer.email,
      userDisplayName: `${customer.firstname} ${customer.lastname}`,
      // The user handle the authenticator keeps: the customer's external id, not the email.
      userID: new TextEncoder().encode(customer.externalId),
      timeout: CHALLENGE_TTL_MS,
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await this.#storeChallenge(options.challenge, "registration", rp, customerId);
    return options;
  }

  async register(
    customerId: number,
    response: RegistrationResponseJSON,
    userAgent: string | undefined,
  ): Promise<PasskeyAnswer> {
    const ceremony = await this.#takeChallenge(
      response.response.clientDataJSON,
      "registration",
      400,
      customerId,
    );
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
    const now = new Date();
    const [row] = await this.db
      .insert(customerPasskeys)
      .values({
        customerId,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
        counter: info.credential.counter,
        transports: response.response.transports ?? [],
        rpId: ceremony.rpId,
        name: passkeyName(userAgent, now),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldError("body.credential.id", PASSKEY_TAKEN, {}, 409);
    return answer(row);
  }

  async list(customerId: number): Promise<PasskeyAnswer[]> {
    const rows = await this.db
      .select()
      .from(customerPasskeys)
      .where(eq(customerPasskeys.customerId, customerId))
      .orderBy(asc(customerPasskeys.createdAt), asc(customerPasskeys.id));
    return rows.map(answer);
  }

  /** Another customer's passkey is indistinguishable from one that does not exist. */
  async remove(customerId: number, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(customerPasskeys)
      .where(and(eq(customerPasskeys.id, id), eq(customerPasskeys.customerId, customerId)))
      .returning({ id: customerPasskeys.id });
    return deleted.length > 0;
  }

  /** No list of credentials: the browser offers the passkeys it holds for this shop. */
  async authenticationOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      timeout: CHALLENGE_TTL_MS,
      userVerification: "required",
    });
    await this.#storeChallenge(options.challenge, "authentication", rp, null);
    return options;
  }

  /** Verifies a signed challenge and opens a login, as a password login does. */
  async authenticate(response: AuthenticationResponseJSON): Promise<TokenPair> {
    const ceremony = await this.#takeChallenge(response.response.clientDataJSON, "authentication", 401);
    const [found] = await this.db
      .select({ passkey: customerPasskeys, externalId: customers.externalId })
      .from(customerPasskeys)
      .innerJoin(customers, eq(customers.id, customerPasskeys.customerId))
      .where(and(eq(customerPasskeys.credentialId, response.id), eq(customerPasskeys.rpId, ceremony.rpId)));
    if (!found) throw fieldError("body.credential.id", PASSKEY_UNKNOWN, {}, 401);
    const { passkey } = found;
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== Buffer.from(found.externalId).toString("base64url"))
      throw fieldError("body.credential.response.userHandle", PASSKEY_NOT_VERIFIED, {}, 401);
    let newCounter: number | undefined;
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
      if (verified.verified) newCounter = verified.authenticationInfo.newCounter;
    } catch {
      // A bad signature, another origin, or a counter that did not rise (a cloned key).
    }
    if (newCounter === undefined) throw fieldError("body.credential", PASSKEY_NOT_VERIFIED, {}, 401);
    const counter = newCounter;
    return tx(this.db, async (t) => {
      // Only forward: of two answers signed with one counter (a replay racing the original),
      // one wins. Authenticators that keep no counter (synced passkeys) stay at 0.
      const [used] = await t
        .update(customerPasskeys)
        .set({ counter, lastUsedAt: new Date() })
        .where(
          and(
            eq(customerPasskeys.id, passkey.id),
            or(
              lt(customerPasskeys.counter, counter),
              and(eq(customerPasskeys.counter, 0), sql`${counter} = 0`),
            ),
          ),
        )
        .returning({ id: customerPasskeys.id });
      if (!used) throw fieldError("body.credential", PASSKEY_NOT_VERIFIED, {}, 401);
      return openLogin(t, passkey.customerId);
    });
  }

  /** For the privacy download: every passkey of the customer, without its key. */
  export(customerId: number): Promise<PasskeyAnswer[]> {
    return this.list(customerId);
  }

  #own(customerId: number, rpId: string) {
    return this.db
      .select({ credentialId: customerPasskeys.credentialId, transports: customerPasskeys.transports })
      .from(customerPasskeys)
      .where(and(eq(customerPasskeys.customerId, customerId), eq(customerPasskeys.rpId, rpId)));
  }

  async #storeChallenge(challenge: string, purpose: Purpose, rp: RelyingParty, customerId: number | null) {
    await this.db.insert(passkeyChallenges).values({
      challenge,
      purpose,
      customerId,
      rpId: rp.id,
      origin: rp.origin,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
  }

  /**
   * The ceremony an answer belongs to, found by the challenge the browser signed, and deleted:
   * a challenge works once, for its purpose, for 5 minutes, and for registration for its customer.
   */
  async #takeChallenge(
    clientDataJSON: string,
    purpose: Purpose,
    refusal: 400 | 401,
    customerId?: number,
  ): Promise<typeof passkeyChallenges.$inferSelect> {
    const challenge = challengeOf(clientDataJSON);
    const [row] = await this.db
      .delete(passkeyChallenges)
      .where(
        and(
          eq(passkeyChallenges.challenge, challenge),
          eq(passkeyChallenges.purpose, purpose),
          customerId === undefined ? sql`true` : eq(passkeyChallenges.customerId, customerId),
          gt(passkeyChallenges.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!row) throw fieldError(CLIENT_DATA, PASSKEY_EXPIRED, {}, refusal);
    return row;
  }
}

/** The challenge in the browser's client data (base64url JSON); anything else is a 400. */
function challengeOf(clientDataJSON: string): string {
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

function answer(row: typeof customerPasskeys.$inferSelect): PasskeyAnswer {
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
