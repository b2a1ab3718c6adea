import { isValidEmail, normaliseEmail } from "../account/email.ts";
import type { CustomOption, CustomOptionSelection, ProductOption } from "./types.ts";

/** Text a shopper types into a custom option: Magento's `field` and `area` types. */
export type TextOption = CustomOption & { type: "field" | "area" };

/** The most characters of a text option without its own `max_characters`. */
export const TEXT_OPTION_MAX = 255;

export type TextOptionProblem = "required" | "too_long" | "email";

export function isTextOption(option: CustomOption): option is TextOption {
  return option.type === "field" || option.type === "area";
}

export function textOptionMax(option: CustomOption): number {
  const max = option.max_characters;
  return typeof max === "number" && Number.isInteger(max) && max > 0 ? Math.min(max, 1000) : TEXT_OPTION_MAX;
}

/** A text option's value as the cart keeps it: trimmed, an e-mail address in lower case. */
export function normaliseTextOption(option: CustomOption, value: string): string {
  return option.format === "email" ? normaliseEmail(value) : value.trim();
}

/**
 * What is wrong with a text option's value (issue 14, a gift card's recipient), or null: the
 * product page shows it in Dutch, the cart API answers 400 naming the field. Empty is wrong only
 * for a required option; characters are counted as a shopper sees them (code points).
 */
export function textOptionProblem(
  option: CustomOption,
  value: string | null | undefined,
): TextOptionProblem | null {
  const text = normaliseTextOption(option, value ?? "");
  if (text === "") return option.is_require ? "required" : null;
  if ([...text].length > textOptionMax(option)) return "too_long";
  if (option.format === "email" && !isValidEmail(text)) return "email";
  return null;
}

/**
 * The cart's `product_option` for the text options a shopper filled in: values normalised,
 * empty optional ones left out, in the product's order. Two recipients make two lines (their
 * checksums differ); the same recipient twice adds to one.
 */
export function textOptionsSelection(
  options: readonly CustomOption[],
  values: Readonly<Record<string, string>>,
): ProductOption | undefined {
  const custom_options: CustomOptionSelection[] = options.filter(isTextOption).flatMap((option) => {
    const value = normaliseTextOption(option, values[String(option.option_id)] ?? "");
    return value === "" ? [] : [{ option_id: option.option_id, option_value: value }];
  });
  return custom_options.length > 0 ? { extension_attributes: { custom_options } } : undefined;
}
