import { t } from "../i18n/translate.ts";
import { cleanOptionValues } from "./options.ts";
import type { Product } from "./types.ts";
import {
  childAttributeValues,
  chooseVariant,
  isVariantAvailable,
  NO_SUCH_CONFIGURATION,
  type VariantChoice,
  type VariantConfiguration,
  type VariantOptions,
} from "./variants.ts";

export interface OptionValueState {
  value: string;
  label: string;
  selected: boolean;
  /** An eligible child has this value together with every other chosen value. */
  available: boolean;
}

export interface OptionState {
  attribute_id: number;
  attribute_code: string;
  label: string;
  values: OptionValueState[];
}

type Configurable = Pick<Product, "configurable_children" | "configurable_options">;

/** The values a configuration holds for one attribute, whichever shape the entry has. */
function chosen(raw: unknown): string[] {
  if (raw === null || raw === undefined || raw === "") return [];
  if (Array.isArray(raw)) return raw.flatMap(chosen);
  if (typeof raw === "object") {
    const entry = raw as { id?: unknown; value?: unknown };
    return chosen(entry.id ?? entry.value);
  }
  return typeof raw === "string" || typeof raw === "number" ? [String(raw)] : [];
}

/**
 * What a shopper can still pick on a configurable product (browsing §4 "Variant choice"): per
 * option its values (empty labels dropped, browsing §5), each marked selected, and available when
 * an eligible child (enabled; in stock unless out-of-stock products are listed) has that value
 * together with every value chosen for the other options. A value of the option itself does not
 * count against the others, so switching colour is judged by the chosen size alone.
 */
export function availableOptions(
  product: Configurable,
  configuration: VariantConfiguration = {},
  options: Pick<VariantOptions, "listOutOfStock"> = {},
): OptionState[] {
  const eligible = (product.configurable_children ?? []).filter((c) =>
    isVariantAvailable(c, options.listOutOfStock),
  );
  const wanted = new Map<string, Set<string>>();
  for (const [code, raw] of Object.entries(configuration)) {
    const values = chosen(raw);
    if (code !== "sku" && code !== "price" && values.length > 0) wanted.set(code, new Set(values));
  }
  return (product.configurable_options ?? []).map((option) => {
    const code = option.attribute_code;
    const others = [...wanted].filter(([other]) => other !== code);
    const fitting = eligible.filter((child) =>
      others.every(([other, values]) => childAttributeValues(child, other).some((v) => values.has(v))),
    );
    const offered = new Set(fitting.flatMap((child) => childAttributeValues(child, code)));
    return {
      attribute_id: option.attribute_id,
      attribute_code: code,
      label: option.label,
      values: cleanOptionValues(option.values).map((v) => {
        const value = String(v.value_index);
        return {
          value,
          label: v.label,
          selected: wanted.get(code)?.has(value) ?? false,
          available: offered.has(value),
        };
      }),
    };
  });
}

/**
 * The variant a shopper gets by picking `code = value` on top of `configuration` (browsing §4
 * "Configurable product"): the value just picked always holds; the other chosen values are kept
 * where an eligible child with it has them, else let go (a colour without the chosen size still
 * opens); the best match then wins, ties to the lower price (core `chooseVariant`). When no
 * eligible child has the picked value, the answer is "no-match" with the spec's warning.
 */
export function pickOption(
  product: Pick<Product, "configurable_children">,
  configuration: VariantConfiguration,
  code: string,
  value: string | number,
  options: Pick<VariantOptions, "listOutOfStock"> = {},
): VariantChoice {
  const picked = String(value);
  const withValue = (product.configurable_children ?? []).filter(
    (child) =>
      isVariantAvailable(child, options.listOutOfStock) && childAttributeValues(child, code).includes(picked),
  );
  // Other chosen values no such child has are let go; an sku names the variant being left.
  const kept: Record<string, unknown> = {};
  for (const [other, raw] of Object.entries(configuration)) {
    if (other === code || other === "sku" || other === "price") continue;
    const values = new Set(chosen(raw));
    if (withValue.some((child) => childAttributeValues(child, other).some((v) => values.has(v)))) {
      kept[other] = raw;
    }
  }
  const choice = chooseVariant(
    { configurable_children: withValue },
    { ...kept, [code]: picked },
    { listOutOfStock: options.listOutOfStock },
  );
  if (choice.variant === null && choice.reason === "none-available") {
    return { variant: null, reason: "no-match", message: NO_SUCH_CONFIGURATION };
  }
  return choice;
}

export interface ShopperChoice {
  /** The best-matching child, for price, picture and stock (browsing §4); null with no match. */
  variant: VariantChoice["variant"];
  /** Only the values the shopper picked (and kept): never a value the best match brought along. */
  picked: Record<string, string>;
  /** Every option holds a value of the shopper's own: only then is the variant theirs to buy. */
  complete: boolean;
}

/**
 * A pick as the shopper sees it. `pickOption` finds VSF1's best match for display, but that child
 * brings values of its own (a size with a colour); those are not the shopper's. Earlier picks the
 * match keeps stay picked, a pick it had to let go of is dropped, and the choice is complete only
 * when every option holds a picked value, so "Kies je maat" holds until the shopper chose a size.
 */
export function pickByShopper(
  product: Configurable,
  picked: Readonly<Record<string, string>>,
  code: string,
  value: string | number,
  options: Pick<VariantOptions, "listOutOfStock"> = {},
): ShopperChoice {
  const choice = pickOption(product, picked, code, value, options);
  if (!choice.variant) return { variant: null, picked: { ...picked }, complete: false };
  const variant = choice.variant;
  const next: Record<string, string> = {};
  for (const [other, chosenValue] of Object.entries(picked)) {
    if (other === code || !chosenValue) continue;
    if (childAttributeValues(variant, other).includes(chosenValue)) next[other] = chosenValue;
  }
  next[code] = String(value);
  fillOnlyFits(product, next, options);
  return { variant, picked: next, complete: isCompletelyPicked(product, next) };
}

/** The fit is the shopper's to judge: the shop never picks a size for them (issue 14). */
const PICKED_BY_SHOPPER_ONLY = new Set(["size"]);

/**
 * Issue 23, item 14: a size only one colour has leaves no colour to choose, so that colour is
 * picked with it ("Kies je kleur" would ask for what is already decided). Every unpicked option
 * but the size whose eligible children with the picked values share one value gets that value.
 */
function fillOnlyFits(
  product: Configurable,
  picked: Record<string, string>,
  options: Pick<VariantOptions, "listOutOfStock">,
): void {
  const fitting = (product.configurable_children ?? []).filter(
    (child) =>
      isVariantAvailable(child, options.listOutOfStock) &&
      Object.entries(picked).every(([c, v]) => childAttributeValues(child, c).includes(v)),
  );
  for (const option of product.configurable_options ?? []) {
    const code = option.attribute_code;
    if (picked[code] || PICKED_BY_SHOPPER_ONLY.has(code)) continue;
    const offered = new Set(fitting.flatMap((child) => childAttributeValues(child, code)));
    if (offered.size === 1) picked[code] = [...offered][0]!;
  }
}

/** Every configurable option has a picked value (options with a single value count as picked by the page). */
export function isCompletelyPicked(
  product: Pick<Product, "configurable_options">,
  picked: Readonly<Record<string, string>>,
): boolean {
  return (product.configurable_options ?? []).every((o) => Boolean(picked[o.attribute_code]));
}

/**
 * What a shopper hears for a value (issue 14): its label, and for one no eligible child has with
 * the other chosen values, why: "Navy, niet leverbaar in maat M". With nothing else chosen an
 * unavailable value is simply "niet beschikbaar" (every variant with it is sold out or disabled).
 */
export function optionValueName(
  options: readonly OptionState[],
  code: string,
  value: OptionValueState,
): string {
  if (value.available) return value.label;
  const others = options.flatMap((option) => {
    if (option.attribute_code === code) return [];
    const picked = option.values.find((v) => v.selected);
    return picked ? [`${option.label.toLowerCase()} ${picked.label}`] : [];
  });
  if (others.length === 0) return `${value.label}, ${t("not available")}`;
  return `${value.label}, ${t("not available in {choice}", { choice: others.join(` ${t("and")} `) })}`;
}
