import { passkeyName } from "@etalage/core";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { customerPasskeys, customers } from "../../db/schema.ts";
import { fieldError } from "./passwords.ts";
import { openLogin, type TokenPair } from "./tokens.ts";
import {
  counterMovesForward,
  creationOptions,
  PASSKEY_NOT_VERIFIED,
  type PasskeyAnswer,
  passkeyAnswer,
  type RelyingParty,
  requestOptions,
  storeChallenge,
  takeChallenge,
  verifyAssertion,
  verifyCreation,
} from "./webauthn.ts";

const RP_NAME = "Etalage";
const PASSKEY_UNKNOWN = "This passkey is not known to us. Log in with your password and add it again.";
export const PASSKEY_NOT_FOUND = "Passkey not found";
const PASSKEY_TAKEN = "This passkey has already been added";

const tx = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((t) => work(t as unknown as Db));

/**
 * Passkeys (issue 12, beyond the spec): adding one to an account and logging in with it, through
 * the ceremonies of webauthn.ts. A challenge is stored for one ceremony, taken (deleted) by the
 * answer that uses it, and dies after 5 minutes. A passkey login opens a login like a password does.
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
    const options = await creationOptions(
      rp,
      RP_NAME,
      // The user handle the authenticator keeps: the customer's external id, not the email.
      {
        name: customer.email,
        displayName: `${customer.firstname} ${customer.lastname}`,
        handle: customer.externalId,
      },
      await this.#own(customerId, rp.id),
    );
    await storeChallenge(this.db, options.challenge, "registration", rp, { customerId });
    return options;
  }

  async register(
    customerId: number,
    response: RegistrationResponseJSON,
    userAgent: string | undefined,
  ): Promise<PasskeyAnswer> {
    const ceremony = await takeChallenge(this.db, response.response.clientDataJSON, "registration", 400, {
      customerId,
    });
    const created = await verifyCreation(response, ceremony);
    const now = new Date();
    const [row] = await this.db
      .insert(customerPasskeys)
      .values({
        customerId,
        ...created,
        rpId: ceremony.rpId,
        name: passkeyName(userAgent, now),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fieldError("body.credential.id", PASSKEY_TAKEN, {}, 409);
    return passkeyAnswer(row);
  }

  async list(customerId: number): Promise<PasskeyAnswer[]> {
    const rows = await this.db
      .select()
      .from(customerPasskeys)
      .where(eq(customerPasskeys.customerId, customerId))
      .orderBy(asc(customerPasskeys.createdAt), asc(customerPasskeys.id));
    return rows.map(passkeyAnswer);
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
    const options = await requestOptions(rp);
    await storeChallenge(this.db, options.challenge, "authentication", rp, null);
    return options;
  }

  /** Verifies a signed challenge and opens a login, as a password login does. */
  async authenticate(response: AuthenticationResponseJSON): Promise<TokenPair> {
    const ceremony = await takeChallenge(this.db, response.response.clientDataJSON, "authentication", 401);
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
    const counter = await verifyAssertion(response, ceremony, passkey);
    if (counter === undefined) throw fieldError("body.credential", PASSKEY_NOT_VERIFIED, {}, 401);
    return tx(this.db, async (t) => {
      const [used] = await t
        .update(customerPasskeys)
        .set({ counter, lastUsedAt: new Date() })
        .where(
          and(eq(customerPasskeys.id, passkey.id), counterMovesForward(customerPasskeys.counter, counter)),
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
}
