import { mayRemovePasskey, passkeyName, t } from "@etalage/core";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { staff, staffPasskeys } from "../../db/schema.ts";
import { ApiError } from "../../http/envelope.ts";
import { fieldError } from "../accounts/passwords.ts";
import {
  type Ceremony,
  challengeOf,
  counterMovesForward,
  creationOptions,
  type PasskeyAnswer,
  passkeyAnswer,
  type RelyingParty,
  storeChallenge,
  takeChallenge,
  verifyAssertion,
  verifyCreation,
} from "../accounts/webauthn.ts";
import type { Actor, StaffMember } from "./accounts.ts";
import { appendAudit } from "./audit.ts";
import { once } from "./once.ts";

/** The name the device's passkey list shows: apart from a customer account with the same email. */
const RP_NAME = "Etalage beheer";
const PASSKEY_TAKEN = "This passkey has already been added";
const STAFF_PASSKEY_NOT_FOUND = "Passkey not found";

/**
 * The user handle a staff passkey carries: the staff id, prefixed so it can never be taken for a
 * customer's external id by the shop's own passkey login.
 */
const userHandleOf = (staffId: number) => `etalage-staff-${staffId}`;

/** Why a second step with a passkey failed, for the audit log; null when it passed. */
export type AssertionFailure = "passkey" | "passkey-unknown" | "passkey-replayed";

/**
 * A staff member's passkeys as a second factor (issue 25, docs/decisions/0043): added on the
 * security page with the session (and its CSRF token), each change in the audit log; the login's
 * second step checks an assertion against them. Ceremonies as the customers' (accounts/webauthn.ts).
 */
export class StaffPasskeys {
  constructor(private readonly db: Db) {}

  async list(staffId: number, db: Db = this.db): Promise<PasskeyAnswer[]> {
    const rows = await db
      .select()
      .from(staffPasskeys)
      .where(eq(staffPasskeys.staffId, staffId))
      .orderBy(asc(staffPasskeys.createdAt), asc(staffPasskeys.id));
    return rows.map(passkeyAnswer);
  }

  /** The credentials a login may offer the browser: this member's, for this relying party. */
  allowed(staffId: number, rpId?: string) {
    return this.db
      .select({ credentialId: staffPasskeys.credentialId, transports: staffPasskeys.transports })
      .from(staffPasskeys)
      .where(
        and(
          eq(staffPasskeys.staffId, staffId),
          rpId === undefined ? undefined : eq(staffPasskeys.rpId, rpId),
        ),
      );
  }

  async registrationOptions(
    member: StaffMember,
    rp: RelyingParty,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const options = await creationOptions(
      rp,
      RP_NAME,
      { name: member.email, displayName: `${member.email} (${RP_NAME})`, handle: userHandleOf(member.id) },
      await this.allowed(member.id, rp.id),
    );
    await storeChallenge(this.db, options.challenge, "registration", rp, { staffId: member.id });
    return options;
  }

  /**
   * Keeps the passkey the browser made for this member's challenge, named after the device. A
   * retry of an addition that went through answers the passkey again instead of refusing it.
   */
  async register(
    member: StaffMember,
    response: RegistrationResponseJSON,
    userAgent: string | undefined,
    by: Actor,
    key?: string,
  ): Promise<PasskeyAnswer> {
    const scope = `staff:${member.id}:passkey-add`;
    return once(this.db, scope, key, { credential: response.id }, async (trx) => {
      const [mine] = await trx
        .select()
        .from(staffPasskeys)
        .where(and(eq(staffPasskeys.credentialId, response.id), eq(staffPasskeys.staffId, member.id)));
      if (mine) return passkeyAnswer(mine);
      const ceremony = await takeChallenge(trx, response.response.clientDataJSON, "registration", 400, {
        staffId: member.id,
      });
      const created = await verifyCreation(response, ceremony);
      const now = new Date();
      const [row] = await trx
        .insert(staffPasskeys)
        .values({
          staffId: member.id,
          ...created,
          rpId: ceremony.rpId,
          name: passkeyName(userAgent, now),
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw fieldError("body.credential.id", PASSKEY_TAKEN, {}, 409);
      await appendAudit(trx, {
        ...by,
        action: "staff.passkey_added",
        target: member.email,
        details: { name: row.name },
      });
      return passkeyAnswer(row);
    });
  }

  /**
   * Removes one of the member's own passkeys; never a beheerder's last second factor (409).
   * Another member's passkey is indistinguishable from one that does not exist (404).
   */
  async remove(member: StaffMember, id: number, by: Actor, key?: string): Promise<{ id: number }> {
    return once(this.db, `staff:${member.id}:passkey-remove`, key, { id }, async (trx) => {
      // The account's row locked: two removals at once cannot both take "one of two".
      const [account] = await trx.select().from(staff).where(eq(staff.id, member.id)).for("update");
      const rows = await trx
        .select({ id: staffPasskeys.id, name: staffPasskeys.name })
        .from(staffPasskeys)
        .where(eq(staffPasskeys.staffId, member.id));
      const target = rows.find((r) => r.id === id);
      if (!account || !target)
        throw new ApiError(404, `params.id: ${STAFF_PASSKEY_NOT_FOUND}`, {
          errors: [{ path: "params.id", message: STAFF_PASSKEY_NOT_FOUND }],
        });
      if (!mayRemovePasskey(account.role, { totp: account.totpSecret !== null, passkeys: rows.length }))
        throw fieldError(
          "params.id",
          t("This is your last second factor. A beheerder cannot sign in without one: add another first."),
          {},
          409,
        );
      await trx.delete(staffPasskeys).where(eq(staffPasskeys.id, id));
      await appendAudit(trx, {
        ...by,
        action: "staff.passkey_removed",
        target: member.email,
        details: { name: target.name },
      });
      return { id };
    });
  }

  /**
   * Checks a login's assertion, in the login's transaction: signed for `ceremony`, by one of this
   * member's passkeys, its counter moved forward (then stored). The reason when it does not pass.
   */
  async checkAssertion(
    trx: Db,
    staffId: number,
    ceremony: Ceremony,
    response: AuthenticationResponseJSON,
  ): Promise<AssertionFailure | null> {
    let signed: string | null;
    try {
      signed = challengeOf(response.response.clientDataJSON);
    } catch {
      signed = null;
    }
    if (signed !== ceremony.challenge) return "passkey";
    const [passkey] = await trx
      .select()
      .from(staffPasskeys)
      .where(
        and(
          eq(staffPasskeys.credentialId, response.id),
          eq(staffPasskeys.staffId, staffId),
          eq(staffPasskeys.rpId, ceremony.rpId),
        ),
      );
    if (!passkey) return "passkey-unknown";
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== Buffer.from(userHandleOf(staffId)).toString("base64url"))
      return "passkey";
    const counter = await verifyAssertion(response, ceremony, passkey);
    if (counter === undefined) return "passkey";
    const [used] = await trx
      .update(staffPasskeys)
      .set({ counter, lastUsedAt: new Date() })
      .where(and(eq(staffPasskeys.id, passkey.id), counterMovesForward(staffPasskeys.counter, counter)))
      .returning({ id: staffPasskeys.id });
    return used ? null : "passkey-replayed";
  }
}
