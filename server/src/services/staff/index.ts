import { type StaffRole, staffRefundLimit } from "@etalage/core";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { StaffAccounts } from "./accounts.ts";
import { auditPage } from "./audit.ts";
import { StaffPasskeys } from "./passkeys.ts";
import { StaffSecurity } from "./security.ts";
import { StaffSessions } from "./sessions.ts";

/** The back office's staff (issue 25): accounts, sessions, second factors, the audit log and the refund limit. */
export class StaffService {
  readonly accounts: StaffAccounts;
  readonly sessions: StaffSessions;
  readonly passkeys: StaffPasskeys;
  readonly security: StaffSecurity;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.accounts = new StaffAccounts(db, config.PUBLIC_URL);
    this.passkeys = new StaffPasskeys(db);
    this.sessions = new StaffSessions(db, this.passkeys);
    this.security = new StaffSecurity(db, this.passkeys);
  }

  auditPage(page: number) {
    return auditPage(this.db, page);
  }

  /** The largest refund (euro) a staff member of `role` may give: STAFF_REFUND_LIMIT_EUR for klantenservice. */
  refundLimit(role: StaffRole): number {
    return staffRefundLimit(role, this.config.STAFF_REFUND_LIMIT_EUR);
  }
}
