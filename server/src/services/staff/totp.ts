import { Secret, TOTP } from "otpauth";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;

function totpOf(secret: string, label = "") {
  return new TOTP({
    issuer: "Etalage beheer",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret, base32 (what an app takes typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app reads from a QR code or a link. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step a code belongs to, when it is right within one step either way (a phone's clock
 * drifts), else null. The caller refuses a step it accepted before: a code is good once.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}
