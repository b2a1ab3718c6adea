import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as dutch from "@zxcvbn-ts/language-nl-be";

/**
 * Password strength with zxcvbn and its Dutch word lists, so "Wachtwoord1!" or a Dutch first
 * name with a year is seen for what it is. Kept out of core's index: the word lists weigh about a
 * megabyte, so the storefront loads this module only where a password is chosen.
 */
let factory: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...dutch.dictionary },
    graphs: common.adjacencyGraphs,
    translations: dutch.translations,
  });
  return factory;
}

/** Below this zxcvbn score (0–4) a password is refused, even when it keeps the spec's rule. */
export const MIN_PASSWORD_SCORE = 2;

export interface PasswordStrength {
  /** 0 (guessed at once) to 4 (very strong). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Refused: a score below MIN_PASSWORD_SCORE. */
  tooWeak: boolean;
  /** zxcvbn's Dutch warning, when it has one. */
  warning?: string;
}

/** `userInputs` are the shopper's own words (email, names): a password built from them is weak. */
export function passwordStrength(password: string, userInputs: string[] = []): PasswordStrength {
  // zxcvbn is quadratic in the length; the first 100 characters decide the score anyway.
  const result = zxcvbn().check(password.slice(0, 100), userInputs.filter(Boolean));
  const score = result.score as PasswordStrength["score"];
  const warning = result.feedback.warning ?? undefined;
  return { score, tooWeak: score < MIN_PASSWORD_SCORE, ...(warning ? { warning } : {}) };
}
