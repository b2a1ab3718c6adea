import { availableOptions, pickByShopper, pickOption } from "@etalage/core";
import type { OptionPicker } from "./product-data.ts";
import { type ConfigurableView, linkTo, type OptionValueView, type ProductPageData } from "./product-data.ts";

/*
 * Core's variant rules for the product page: which values a configuration leaves available, and
 * the variant a pick chooses. The server builds the first state of the options with them
 * (product-data.ts); the browser loads them once the shopper interacts, before the first pick
 * (use-product-configuration.ts), so a page view costs none of their code.
 */

export { pickByShopper };

/** Each option with its values marked selected and available, and a no-JS link per value. */
export function optionPickers(
  view: Pick<ConfigurableView, "options" | "variants">,
  configuration: Record<string, string>,
  link: ProductPageData["link"],
): OptionPicker[] {
  const product = { configurable_children: view.variants, configurable_options: view.options };
  const byCode = new Map(view.options.map((o) => [o.attribute_code, o.values]));
  return availableOptions(product, configuration).map((option) => {
    const views = byCode.get(option.attribute_code) ?? ([] as OptionValueView[]);
    return {
      ...option,
      values: option.values.map((value) => {
        const choice = pickOption(product, configuration, option.attribute_code, value.value);
        return {
          ...value,
          swatch: views.find((v) => v.value_index === value.value)?.swatch ?? null,
          // Without JavaScript each value is a link to the variant it would choose.
          href: choice.variant ? linkTo(link, choice.variant.sku) : linkTo(link),
        };
      }),
    };
  });
}
