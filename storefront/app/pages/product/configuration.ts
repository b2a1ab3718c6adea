import type { ProductConfigurationValue } from "@etalage/core";
import type { ConfigurableView, ProductPageData, VariantView } from "./product-data.ts";

/*
 * A configurable product's choice as data (browsing §4 "Configurable product"): what the page
 * needs to show it. The rules that change it are configuration-rules.ts's.
 */

export interface ConfigurationState {
  /** attribute_code → chosen value_index. */
  configuration: Record<string, string>;
  /** The chosen child; null until the shopper (or the URL) chose one. */
  variant: VariantView | null;
}

/** The URL's child, else nothing chosen except options with a single value (one colour). */
export function initialConfiguration(view: Pick<ConfigurableView, "options" | "variants" | "selectedSku">) {
  const variant = view.variants.find((v) => v.sku === view.selectedSku) ?? null;
  const configuration: Record<string, string> = {};
  for (const option of view.options) {
    const own = variant ? String(variant[option.attribute_code] ?? "") : "";
    const only = option.values.length === 1 ? option.values[0]!.value_index : "";
    if (own || only) configuration[option.attribute_code] = own || only;
  }
  return { configuration, variant } satisfies ConfigurationState;
}

/** The child sku of a product URL: the fourth segment of /p/…, or `?childSku=` at a url_path. */
export function childSkuIn(
  shape: ProductPageData["link"]["shape"],
  pathname: string,
  search: string,
): string | null {
  if (shape === "dispatcher") return new URLSearchParams(search).get("childSku");
  const segment = pathname.split("/").filter(Boolean)[3];
  try {
    return segment ? decodeURIComponent(segment) : null;
  } catch {
    return null;
  }
}

export function configurationOf(view: ConfigurableView, variant: VariantView): Record<string, string> {
  return Object.fromEntries(
    view.options.map((o) => [o.attribute_code, String(variant[o.attribute_code] ?? "")]),
  );
}

export function labelledConfiguration(
  view: ConfigurableView,
  configuration: Record<string, string>,
): Record<string, ProductConfigurationValue> {
  const out: Record<string, ProductConfigurationValue> = {};
  for (const option of view.options) {
    const id = configuration[option.attribute_code];
    if (!id) continue;
    const label = option.values.find((v) => v.value_index === id)?.label ?? id;
    out[option.attribute_code] = { attribute_code: option.attribute_code, id, label };
  }
  return out;
}
