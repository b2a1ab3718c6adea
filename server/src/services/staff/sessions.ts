import { createHash } from "node:crypto";
import {
  hasSecondFactor,
  normaliseEmail,
  STAFF_LOGIN_CHALLENGE_TTL_MS,
  secondFactorRequired,
  staffSessionEnds,
  staffSessionExpired,
} from "@etalage/core";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { staff, staffLoginChallenges, staffLoginFailures, staffSessions } from "../../db/schema.ts";
import { ApiError } from "../../http/envelope.ts";
import { startLoginAttempt } from "../accounts/login-attempts.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import { digest, newSecret } from "../accounts/tokens.ts";
import { PASSKEY_NOT_VERIFIED, type RelyingParty, requestOptions } from "../accounts/webauthn.ts";
import { type StaffMember, tx } from "./accounts.ts";
import { appendAudit } from "./audit.ts";
import type { StaffPasskeys } from "./passkeys.ts";
import { totpStep } from "./totp.ts";

const LOGIN_FAILED = "Wrong email or password";
const CODE_FAILED = "The code is not right";
const CHALLENGE_FAILED = "This login has expired. Start again with your email and password.";
const MAX_CODE_ATTEMPTS = 5;
/** lastSeenAt is written at most this often: enough for a 30-minute idle limit. */
const TOUCH_EVERY_MS = 15_000;

/** The CSRF token is derived from the session's secret: bound to it, and nothing more to store. */
export function csrfTokenOf(sessionToken: string): string {
  return createHash("sha256").update(`etalage-staff-csrf:${sessionToken}`).digest("base64url");
}

export type { StaffMember } from "./accounts.ts";

export interface StaffSession {
  staff: StaffMember;
  tokenHash: string;
  /** Unix ms when it ends if nothing more happens. */
  expiresAt: number;
}

export type LoginOutcome =
  | { step: "session"; token: string; staff: StaffMember }
  | {
      step: "second_factor";
      challenge: string;
      totp: boolean;
      /** WebAuthn request options allowing only this member's passkeys, or null without any. */
      passkey: PublicKeyCredentialRequestOptionsJSON | null;
    };

type Refusal = { ok: false; message: string; path: string };

/** Staff logins: password, then the second factor where needed, then a fresh session. */
export class StaffSessions {
  constructor(
    private readonly db: Db,
    private readonly passkeys: StaffPasskeys,
  ) {}

  /**
   * One answer for an unknown email, a disabled account, one never activated and a wrong
   * password, in about the same time. Failures are counted as for customers.
   */
  async login(
    emailInput: string,
    password: string,
    ip: string,
    relyingParty: () => RelyingParty,
  ): Promise<LoginOutcome> {
    const email = normaliseEmail(emailInput);
    const attempt = await startLoginAttempt(this.db, staffLoginFailures, email, ip);
    const [member] = await this.db
      .select()
      .from(staff)
      .where(eq(sql`lower(${staff.email})`, email));
    const usable = member && member.disabledAt === null ? (member.passwordHash ?? undefined) : undefined;
    if (!member || !(await verifyPassword(usable, password))) {
      // Counted already: the attempt was written as a failure before the password was checked.
      await appendAudit(this.db, {
        staffId: member?.id ?? null,
        actor: email,
        action: "staff.login_failed",
        details: { reason: "password" },
        ip,
      });
      throw new ApiError(401, LOGIN_FAILED);
    }
    await attempt.succeeded();
    const known: StaffMember = {
      id: member.id,
      email: member.email,
      role: member.role,
      totp: member.totpSecret !== null,
    };
    const enrolled = await this.passkeys.allowed(member.id);
    const factors = { totp: known.totp, passkeys: enrolled.length };
    if (secondFactorRequired(known.role, factors)) {
      // A beheerder without an enrolled factor cannot happen through an invitation; refused alike.
      if (!hasSecondFactor(factors)) {
        await this.#fail(email, member.id, ip, "no-second-factor");
        throw new ApiError(401, LOGIN_FAILED);
      }
      const passkey =
        enrolled.length > 0 ? await this.#passkeyStep(member.id, known.totp, relyingParty) : null;
      if (!known.totp && !passkey) {
        // Passkeys only of another relying party (PASSKEY_RP_ID changed): none can sign here.
        await this.#fail(email, member.id, ip, "no-second-factor");
        throw new ApiError(401, LOGIN_FAILED);
      }
      const challenge = newSecret();
      await this.db.insert(staffLoginChallenges).values({
        tokenHash: digest(challenge),
        staffId: member.id,
        expiresAt: new Date(Date.now() + STAFF_LOGIN_CHALLENGE_TTL_MS),
        ...(passkey ? { passkeyChallenge: passkey.options.challenge, ...passkey.rp } : {}),
      });
      return { step: "second_factor", challenge, totp: known.totp, passkey: passkey?.options ?? null };
    }
    const token = await tx(this.db, (t) => this.#open(t, known, ip));
    return { step: "session", token, staff: known };
  }

  /** The second step: a right, unused code opens the session; five wrong ones spend the challenge. */
  async verifyCode(
    challenge: string,
    code: string,
    ip: string,
  ): Promise<{ token: string; staff: StaffMember }> {
    const outcome = await tx(this.db, async (t) => {
      const [row] = await t
        .select({ challenge: staffLoginChallenges, member: staff })
        .from(staffLoginChallenges)
        .innerJoin(staff, eq(staff.id, staffLoginChallenges.staffId))
        .where(eq(staffLoginChallenges.tokenHash, digest(challenge)))
        .for("update", { of: [staffLoginChallenges, staff] });
      if (
        !row ||
        row.challenge.usedAt ||
        row.challenge.expiresAt.getTime() <= Date.now() ||
        row.challenge.attempts >= MAX_CODE_ATTEMPTS ||
        row.member.disabledAt ||
        !row.member.totpSecret
      )
        return { ok: false as const, message: CHALLENGE_FAILED };
      const step = totpStep(row.member.totpSecret, code);
      const member: StaffMember = {
        id: row.member.id,
        email: row.member.email,
        role: row.member.role,
        totp: true,
      };
      if (step === null || step <= (row.member.totpLastStep ?? -1)) {
        await this.#failedStep(
          t,
          member,
          row.challenge.tokenHash,
          ip,
          step === null ? "totp" : "totp-reused",
        );
        return { ok: false as const, message: CODE_FAILED };
      }
      await t
        .update(staffLoginChallenges)
        .set({ usedAt: new Date() })
        .where(eq(staffLoginChallenges.tokenHash, row.challenge.tokenHash));
      await t.update(staff).set({ totpLastStep: step }).where(eq(staff.id, member.id));
      return { ok: true as const, token: await this.#open(t, member, ip), staff: member };
    });
    if (!outcome.ok)
      throw new ApiError(401, `body.code: ${outcome.message}`, {
        errors: [{ path: "body.code", message: outcome.message }],
      });
    return outcome;
  }

  /**
   * The second step with a passkey: an assertion of one of this member's passkeys over the
   * challenge the password step gave (user verified, counter forward) opens the session. Every
   * failure counts as a failed login; five spend the challenge, as wrong codes do.
   */
  async verifyPasskey(
    challenge: string,
    credential: AuthenticationResponseJSON,
    ip: string,
  ): Promise<{ token: string; staff: StaffMember }> {
    const outcome = await tx(
      this.db,
      async (t): Promise<Refusal | { ok: true; token: string; staff: StaffMember }> => {
        const [row] = await t
          .select({ challenge: staffLoginChallenges, member: staff })
          .from(staffLoginChallenges)
          .innerJoin(staff, eq(staff.id, staffLoginChallenges.staffId))
          .where(eq(staffLoginChallenges.tokenHash, digest(challenge)))
          .for("update", { of: [staffLoginChallenges, staff] });
        const ceremony = row?.challenge;
        if (
          !row ||
          !ceremony?.passkeyChallenge ||
          !ceremony.rpId ||
          !ceremony.origin ||
          ceremony.usedAt ||
          ceremony.expiresAt.getTime() <= Date.now() ||
          ceremony.attempts >= MAX_CODE_ATTEMPTS ||
          row.member.disabledAt
        )
          return { ok: false, message: CHALLENGE_FAILED, path: "body.challenge" };
        const member: StaffMember = {
          id: row.member.id,
          email: row.member.email,
          role: row.member.role,
          totp: row.member.totpSecret !== null,
        };
        const failure = await this.passkeys.checkAssertion(
          t,
          member.id,
          { challenge: ceremony.passkeyChallenge, rpId: ceremony.rpId, origin: ceremony.origin },
          credential,
        );
        if (failure) {
          await this.#failedStep(t, member, ceremony.tokenHash, ip, failure);
          return { ok: false, message: PASSKEY_NOT_VERIFIED, path: "body.credential" };
        }
        await t
          .update(staffLoginChallenges)
          .set({ usedAt: new Date() })
          .where(eq(staffLoginChallenges.tokenHash, ceremony.tokenHash));
        return { ok: true, token: await this.#open(t, member, ip), staff: member };
      },
    );
    if (!outcome.ok)
      throw new ApiError(401, `${outcome.path}: ${outcome.message}`, {
        errors: [{ path: outcome.path, message: outcome.message }],
      });
    return outcome;
  }

  /** The live session of a cookie's token, its idle clock moved on; null when over or unknown. */
  async authenticate(token: string): Promise<StaffSession | null> {
    const tokenHash = digest(token);
    const [row] = await this.db
      .select({ session: staffSessions, member: staff })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.tokenHash, tokenHash),
          isNull(staffSessions.revokedAt),
          isNull(staff.disabledAt),
        ),
      );
    if (!row) return null;
    const now = Date.now();
    const times = {
      createdAt: row.session.createdAt.getTime(),
      lastSeenAt: row.session.lastSeenAt.getTime(),
    };
    if (staffSessionExpired(times, now)) return null;
    if (now - times.lastSeenAt >= TOUCH_EVERY_MS) {
      await this.db
        .update(staffSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(staffSessions.tokenHash, tokenHash));
      times.lastSeenAt = now;
    }
    return {
      staff: {
        id: row.member.id,
        email: row.member.email,
        role: row.member.role,
        totp: row.member.totpSecret !== null,
      },
      tokenHash,
      expiresAt: staffSessionEnds(times),
    };
  }

  async logout(session: StaffSession, ip: string): Promise<void> {
    await tx(this.db, async (t) => {
      await t
        .update(staffSessions)
        .set({ revokedAt: new Date() })
        .where(eq(staffSessions.tokenHash, session.tokenHash));
      await appendAudit(t, {
        staffId: session.staff.id,
        actor: session.staff.email,
        action: "staff.logout",
        ip,
      });
    });
  }

  /** Always a new id (no session fixation): whatever cookie came in is never reused. */
  async #open(t: Db, member: StaffMember, ip: string): Promise<string> {
    const token = newSecret();
    await t.insert(staffSessions).values({ tokenHash: digest(token), staffId: member.id });
    await appendAudit(t, { staffId: member.id, actor: member.email, action: "staff.login", ip });
    return token;
  }

  /** A wrong second step: counted on the challenge and as a failed login, and in the audit log. */
  async #failedStep(t: Db, member: StaffMember, tokenHash: string, ip: string, reason: string) {
    await t
      .update(staffLoginChallenges)
      .set({ attempts: sql`${staffLoginChallenges.attempts} + 1` })
      .where(eq(staffLoginChallenges.tokenHash, tokenHash));
    await t.insert(staffLoginFailures).values({ email: member.email, address: ip });
    await appendAudit(t, {
      staffId: member.id,
      actor: member.email,
      action: "staff.login_failed",
      details: { reason },
      ip,
    });
  }

  /**
   * The passkey half of the second step: request options for this member's passkeys of the
   * relying party at hand. A shop reached by IP address has none (browsers refuse it); then the
   * code alone, or, without TOTP, the relying party's own refusal saying why.
   */
  async #passkeyStep(staffId: number, totp: boolean, relyingParty: () => RelyingParty) {
    let rp: RelyingParty;
    try {
      rp = relyingParty();
    } catch (error) {
      if (totp) return null;
      throw error;
    }
    const allow = await this.passkeys.allowed(staffId, rp.id);
    if (allow.length === 0) return null;
    return { options: await requestOptions(rp, allow), rp: { rpId: rp.id, origin: rp.origin } };
  }

  async #fail(email: string, staffId: number | null, ip: string, reason: string): Promise<void> {
    await tx(this.db, async (t) => {
      await t.insert(staffLoginFailures).values({ email, address: ip });
      await appendAudit(t, { staffId, actor: email, action: "staff.login_failed", details: { reason }, ip });
    });
  }
}
