import {
  NO_SECOND_FACTOR,
  normaliseEmail,
  STAFF_INVITATION_TTL_MS,
  type StaffRole,
  secondFactorRequired,
} from "@etalage/core";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { staff, staffInvitations, staffSessions } from "../../db/schema.ts";
import { ApiError } from "../../http/envelope.ts";
import { checkNewPassword, fieldError, hashPassword } from "../accounts/passwords.ts";
import { digest, newSecret } from "../accounts/tokens.ts";
import { appendAudit } from "./audit.ts";
import { newTotpSecret, totpStep, totpUri } from "./totp.ts";

const INVITATION_INVALID = "This invitation is not valid or has expired. Ask for a new one.";

/** A signed-in (or signing-in) staff member. */
export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
  totp: boolean;
}

/** Who did an action and from where, for the audit log. */
export interface Actor {
  staffId: number | null;
  actor: string;
  ip: string;
}

export const tx = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((t) => work(t as unknown as Db));

export interface StaffAnswer {
  email: string;
  role: StaffRole;
  active: boolean;
  totp: boolean;
  created_at: string;
  disabled_at: string | null;
}

export interface InvitationView {
  email: string;
  role: StaffRole;
  totp_required: boolean;
  totp: { secret: string; uri: string };
  expires_at: string;
}

/** Staff accounts: invited by the operator (ADMIN_TOKEN), activated through the invitation link. */
export class StaffAccounts {
  constructor(
    private readonly db: Db,
    private readonly shopUrl: string,
  ) {}

  /**
   * A new account with an invitation, or a fresh invitation for one not yet activated (the older
   * links stop working). An activated account is refused: its owner signs in.
   */
  async invite(
    emailInput: string,
    role: StaffRole,
    by: Actor,
  ): Promise<{ email: string; role: StaffRole; invitation_url: string; expires_at: string }> {
    const email = normaliseEmail(emailInput);
    const token = newSecret();
    const expiresAt = new Date(Date.now() + STAFF_INVITATION_TTL_MS);
    await tx(this.db, async (t) => {
      const [existing] = await t
        .select()
        .from(staff)
        .where(eq(sql`lower(${staff.email})`, email))
        .for("update");
      if (existing?.passwordHash || existing?.disabledAt)
        throw fieldError("body.email", "A staff account with this email already exists", {}, 409);
      let staffId = existing?.id;
      if (staffId) {
        await t.update(staff).set({ role }).where(eq(staff.id, staffId));
        await t
          .update(staffInvitations)
          .set({ expiresAt: new Date() })
          .where(and(eq(staffInvitations.staffId, staffId), isNull(staffInvitations.usedAt)));
      } else {
        const [row] = await t.insert(staff).values({ email, role }).returning({ id: staff.id });
        staffId = row!.id;
      }
      await t
        .insert(staffInvitations)
        .values({ tokenHash: digest(token), staffId, totpSecret: newTotpSecret(), expiresAt });
      await appendAudit(t, { ...by, action: "staff.invited", target: email, details: { role } });
    });
    const url = new URL("/beheer/uitnodiging", this.shopUrl);
    url.searchParams.set("token", token);
    return { email, role, invitation_url: url.href, expires_at: expiresAt.toISOString() };
  }

  async list(): Promise<StaffAnswer[]> {
    const rows = await this.db.select().from(staff).orderBy(asc(staff.email));
    return rows.map((r) => ({
      email: r.email,
      role: r.role,
      active: r.passwordHash !== null && r.disabledAt === null,
      totp: r.totpSecret !== null,
      created_at: r.createdAt.toISOString(),
      disabled_at: r.disabledAt?.toISOString() ?? null,
    }));
  }

  /** Disabled for good: its sessions end now, its invitations stop working. */
  async disable(emailInput: string, by: Actor): Promise<StaffAnswer | null> {
    const email = normaliseEmail(emailInput);
    const done = await tx(this.db, async (t) => {
      const [row] = await t
        .update(staff)
        .set({ disabledAt: sql`coalesce(${staff.disabledAt}, now())` })
        .where(eq(sql`lower(${staff.email})`, email))
        .returning({ id: staff.id });
      if (!row) return false;
      await t
        .update(staffSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(staffSessions.staffId, row.id), isNull(staffSessions.revokedAt)));
      await appendAudit(t, { ...by, action: "staff.disabled", target: email });
      return true;
    });
    if (!done) return null;
    return (await this.list()).find((s) => s.email === email) ?? null;
  }

  async #openInvitation(db: Db, token: string, lock = false) {
    const query = db
      .select({
        tokenHash: staffInvitations.tokenHash,
        totpSecret: staffInvitations.totpSecret,
        expiresAt: staffInvitations.expiresAt,
        staffId: staff.id,
        email: staff.email,
        role: staff.role,
      })
      .from(staffInvitations)
      .innerJoin(staff, eq(staff.id, staffInvitations.staffId))
      .where(
        and(
          eq(staffInvitations.tokenHash, digest(token)),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, sql`now()`),
          isNull(staff.disabledAt),
          isNull(staff.passwordHash),
        ),
      );
    const [row] = lock ? await query.for("update", { of: staffInvitations }) : await query;
    return row;
  }

  /** What the invitation page shows: who is invited, and the TOTP secret to enrol. */
  async invitation(token: string): Promise<InvitationView> {
    const row = await this.#openInvitation(this.db, token);
    if (!row) throw new ApiError(404, INVITATION_INVALID);
    return {
      email: row.email,
      role: row.role,
      totp_required: secondFactorRequired(row.role, NO_SECOND_FACTOR),
      totp: { secret: row.totpSecret, uri: totpUri(row.totpSecret, row.email) },
      expires_at: row.expiresAt.toISOString(),
    };
  }

  /**
   * Sets the password and, with a right code from the offered secret, enrols TOTP (required for a
   * beheerder). Once: the link is spent in the same transaction.
   */
  async acceptInvitation(
    token: string,
    password: string,
    code: string | undefined,
    ip: string,
  ): Promise<void> {
    const view = await this.invitation(token);
    checkNewPassword(password, "body.password", [view.email]);
    if (view.totp_required && !code)
      throw fieldError("body.totp_code", "A code from your authenticator app is required");
    // The enrolment code is not recorded as used: the owner may sign in with it right away.
    const step = code ? totpStep(view.totp.secret, code) : null;
    if (code && step === null)
      throw fieldError(
        "body.totp_code",
        "The code is not right. Check the time on your phone and try again.",
      );
    const passwordHash = await hashPassword(password);
    await tx(this.db, async (t) => {
      const row = await this.#openInvitation(t, token, true);
      if (!row) throw new ApiError(404, INVITATION_INVALID);
      await t
        .update(staffInvitations)
        .set({ usedAt: new Date() })
        .where(eq(staffInvitations.tokenHash, row.tokenHash));
      await t
        .update(staff)
        .set({ passwordHash, ...(step !== null ? { totpSecret: row.totpSecret } : {}) })
        .where(eq(staff.id, row.staffId));
      const by = { staffId: row.staffId, actor: row.email, ip };
      await appendAudit(t, { ...by, action: "staff.invitation_used", target: row.email });
      if (step !== null) await appendAudit(t, { ...by, action: "staff.totp_enrolled", target: row.email });
    });
  }
}
