import { mayRemovePasskey, t } from "@etalage/core";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { staff } from "../../db/schema.ts";
import { fieldError } from "../accounts/passwords.ts";
import type { PasskeyAnswer } from "../accounts/webauthn.ts";
import { type Actor, type StaffMember, tx } from "./accounts.ts";
import { appendAudit } from "./audit.ts";
import { once } from "./once.ts";
import type { StaffPasskeys } from "./passkeys.ts";
import { newTotpSecret, totpStep, totpUri } from "./totp.ts";

export interface TotpOffer {
  secret: string;
  uri: string;
}

/** What the security page shows a staff member about their own second factors. */
export interface SecurityView {
  totp: boolean;
  /** The authenticator app being set up (a secret offered, no code entered yet), or null. */
  totp_offer: TotpOffer | null;
  passkeys: PasskeyAnswer[];
  /** Whether a passkey may be removed now (a beheerder keeps at least one second factor). */
  may_remove_passkey: boolean;
}

const CODE_WRONG = "The code is not right. Check the time on your phone and try again.";

/**
 * The security page's work (`/beheer/beveiliging`): enrolling TOTP after activation, for one
 * invited without it. The secret is offered first (kept on the account, the same on every visit)
 * and becomes theirs with a right code from it. Passkeys: staff/passkeys.ts.
 */
export class StaffSecurity {
  constructor(
    private readonly db: Db,
    private readonly passkeys: StaffPasskeys,
  ) {}

  async view(member: StaffMember): Promise<SecurityView> {
    const [row] = await this.db.select().from(staff).where(eq(staff.id, member.id));
    const passkeys = await this.passkeys.list(member.id);
    const totp = Boolean(row?.totpSecret);
    const pending = !totp && row?.totpPendingSecret ? row.totpPendingSecret : null;
    return {
      totp,
      totp_offer: pending ? { secret: pending, uri: totpUri(pending, member.email) } : null,
      passkeys,
      may_remove_passkey: mayRemovePasskey(member.role, { totp, passkeys: passkeys.length }),
    };
  }

  /**
   * Offers a TOTP secret to enrol: the one already offered if there is one, so a second click or
   * a reload shows the same QR code. Nothing to offer once TOTP is enrolled (409).
   */
  async offerTotp(member: StaffMember): Promise<TotpOffer> {
    const [row] = await tx(this.db, (trx) =>
      trx
        .update(staff)
        .set({ totpPendingSecret: sql`coalesce(${staff.totpPendingSecret}, ${newTotpSecret()})` })
        .where(and(eq(staff.id, member.id), isNull(staff.totpSecret)))
        .returning({ secret: staff.totpPendingSecret }),
    );
    if (!row?.secret) throw fieldError("body", t("The authenticator app is already set up."), {}, 409);
    return { secret: row.secret, uri: totpUri(row.secret, member.email) };
  }

  /**
   * A right code from the offered secret enrols it; the code's step counts as used. Sent again
   * once enrolled, it answers as enrolled and changes nothing.
   */
  async enrolTotp(member: StaffMember, code: string, by: Actor, key?: string): Promise<{ totp: true }> {
    return once(this.db, `staff:${member.id}:totp-enrol`, key, { code }, async (trx) => {
      const [row] = await trx.select().from(staff).where(eq(staff.id, member.id)).for("update");
      if (row?.totpSecret) return { totp: true as const };
      if (!row?.totpPendingSecret)
        throw fieldError("body.code", t("Start setting up the authenticator app first."), {}, 409);
      const step = totpStep(row.totpPendingSecret, code);
      if (step === null) throw fieldError("body.code", CODE_WRONG);
      await trx
        .update(staff)
        .set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
        .where(eq(staff.id, member.id));
      await appendAudit(trx, { ...by, action: "staff.totp_enrolled", target: member.email });
      return { totp: true as const };
    });
  }
}
