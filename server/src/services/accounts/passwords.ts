import { PASSWORD_RULE_MESSAGE, passwordKeepsRule } from "@etalage/core";
import { passwordStrength } from "@etalage/core/account/password-strength";
import { hash, verify } from "@node-rs/argon2";
import { ApiError } from "../../http/envelope.ts";

/** @node-rs/argon2 exports its Algorithm as a const enum, which verbatim module syntax cannot read. */
const ARGON2ID = 2;

/** OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): ~20 ms of one core per hash. */
const ARGON2 = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/**
 * An unknown email still costs one verification against this hash, so it answers in the time a
 * wrong password does (contract: indistinguishable in answer and timing).
 */
let decoy: Promise<string> | undefined;

export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  decoy ??= hashPassword("etalage-decoy-password-never-matches");
  const target = stored ?? (await decoy);
  const matches = await verify(target, password).catch(() => false);
  return stored !== undefined && matches;
}

const TOO_WEAK_MESSAGE = "This password is too easy to guess. Choose a longer or less common one.";

/** The spec's rule and the strength check; throws a 400 naming `field`. */
export function checkNewPassword(password: string, field: string, userInputs: string[]): void {
  if (!passwordKeepsRule(password)) throw fieldError(field, PASSWORD_RULE_MESSAGE);
  const words = userInputs
    .flatMap((input) => input.toLowerCase().split(/[@.\s_-]+/))
    .filter((w) => w.length >= 3);
  const strength = passwordStrength(password, [...words, "etalage"]);
  if (strength.tooWeak)
    throw fieldError(field, TOO_WEAK_MESSAGE, strength.warning ? { warning: strength.warning } : {});
}

export function fieldError(
  path: string,
  message: string,
  meta: Record<string, unknown> = {},
  code = 400,
): ApiError {
  return new ApiError(code, `${path}: ${message}`, { errors: [{ path, message }], ...meta });
}
