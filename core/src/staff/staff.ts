/**
 * The back office's rules (issue 25): staff roles and what each may do, the session's lifetimes,
 * the second factor's requirement and the refund limit. Pure, so the server enforces and the
 * back-office pages show the same table.
 */

export const STAFF_ROLES = ["beheerder", "klantenservice", "redacteur"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ACTIONS = [
  "orders.read",
  "orders.manage",
  "orders.refund",
  "returns.manage",
  "reviews.moderate",
  "audit.read",
  "staff.manage",
  "webhooks.manage",
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** beheerder may do everything; klantenservice orders and returns (refunds up to a limit); redacteur reviews. */
export const STAFF_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffAction[]>> = {
  beheerder: STAFF_ACTIONS,
  klantenservice: ["orders.read", "orders.manage", "orders.refund", "returns.manage"],
  redacteur: ["reviews.moderate"],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

export function staffMay(role: StaffRole, action: StaffAction): boolean {
  return STAFF_PERMISSIONS[role].includes(action);
}

/** The roles that may do `action`, for a route's `requireStaff(...)`. */
export function rolesFor(action: StaffAction): StaffRole[] {
  return STAFF_ROLES.filter((role) => staffMay(role, action));
}

/** A session ends after this much time without a request... */
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000;
/** ...and in any case this long after the login. */
export const STAFF_SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
/** An invitation link works this long. */
export const STAFF_INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
/** Between the password step and the code: a half-finished login is forgotten after this. */
export const STAFF_LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export interface StaffSessionTimes {
  createdAt: number;
  lastSeenAt: number;
}

/** Whether a session is over at `now` (ms): idle too long, or past its absolute lifetime. */
export function staffSessionExpired(session: StaffSessionTimes, now: number): boolean {
  return (
    now - session.lastSeenAt >= STAFF_SESSION_IDLE_MS || now - session.createdAt >= STAFF_SESSION_ABSOLUTE_MS
  );
}

/** When the session ends if nothing more happens: the earlier of its idle and absolute ends. */
export function staffSessionEnds(session: StaffSessionTimes): number {
  return Math.min(session.lastSeenAt + STAFF_SESSION_IDLE_MS, session.createdAt + STAFF_SESSION_ABSOLUTE_MS);
}

/** The second factors a staff member has: the authenticator app (TOTP) and their passkeys. */
export interface SecondFactors {
  totp: boolean;
  passkeys: number;
}

export const NO_SECOND_FACTOR: SecondFactors = { totp: false, passkeys: 0 };

/** Enrolled: the authenticator app or at least one passkey. */
export function hasSecondFactor(factors: SecondFactors): boolean {
  return factors.totp || factors.passkeys > 0;
}

/** A beheerder always needs the second factor; others once they have enrolled one. */
export function secondFactorRequired(role: StaffRole, factors: SecondFactors): boolean {
  return role === "beheerder" || hasSecondFactor(factors);
}

/**
 * Whether one passkey may go: never the last second factor of a beheerder (who could not sign in
 * without one). Others may go back to the password alone. TOTP is not removable at all.
 */
export function mayRemovePasskey(role: StaffRole, factors: SecondFactors): boolean {
  if (factors.passkeys < 1) return false;
  return role !== "beheerder" || hasSecondFactor({ ...factors, passkeys: factors.passkeys - 1 });
}

/**
 * The largest refund, in euro, this role may give on its own (STAFF_REFUND_LIMIT_EUR for
 * klantenservice); a beheerder has no limit, a redacteur may give none.
 */
export function staffRefundLimit(role: StaffRole, klantenserviceLimitEur: number): number {
  if (role === "beheerder") return Number.POSITIVE_INFINITY;
  if (role === "klantenservice") return klantenserviceLimitEur;
  return 0;
}

/** Whether a refund of `amountEur` is within what the role may give. */
export function mayRefund(role: StaffRole, amountEur: number, klantenserviceLimitEur: number): boolean {
  return staffMay(role, "orders.refund") && amountEur <= staffRefundLimit(role, klantenserviceLimitEur);
}

/**
 * The same in cents, as fulfilment counts: the limit is compared in whole cents, so a limit of
 * 99.99 allows a refund of 9999 cents and no float rounding decides a refund at the limit.
 */
export function mayRefundCents(
  role: StaffRole,
  amountCents: number,
  klantenserviceLimitEur: number,
): boolean {
  const limit = staffRefundLimit(role, klantenserviceLimitEur);
  if (!staffMay(role, "orders.refund")) return false;
  return !Number.isFinite(limit) || amountCents <= Math.round(limit * 100);
}

/** What the audit log records: one name per kind of staff action. */
export const AUDIT_ACTIONS = [
  "staff.invited",
  "staff.disabled",
  "staff.invitation_used",
  "staff.totp_enrolled",
  "staff.passkey_added",
  "staff.passkey_removed",
  "staff.login",
  "staff.login_failed",
  "staff.logout",
  "review.approved",
  "review.rejected",
  "order.shipped",
  "order.cancelled",
  "order.refund_requested",
  "order.refund_retried",
  "order.delivered",
  "return.received",
  "return.refund_requested",
  "return.rejected",
  "webhook.endpoint_added",
  "webhook.endpoint_removed",
  "webhook.delivery_retried",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 50;
