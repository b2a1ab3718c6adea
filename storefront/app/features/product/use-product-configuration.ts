import {
  availableOptions,
  NO_SUCH_CONFIGURATION,
  type OptionState,
  type ProductConfigurationValue,
  pickOption,
  t,
} from "@etalage/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { notify } from "../notifications/notification-store.ts";
import { emitConfigure } from "./configure-events.ts";
import {
  type ConfigurableView,
  linkTo,
  type OptionValueView,
  type ProductPageData,
  type VariantView,
} from "./product-data.ts";

export interface ConfigurationState {
  /** attribute_code → chosen value_index. */
  configuration: Record<string, string>;
  /** The chosen child; null until the shopper (or the URL) chose one. */
  variant: VariantView | null;
}

export type OptionValuePicker = OptionState["values"][number] & { swatch: string | null; href: string };
export type OptionPicker = Omit<OptionState, "values"> & { values: OptionValuePicker[] };

export interface ProductConfiguration extends ConfigurationState {
  /** Each option with its values marked selected and available, and a no-JS link per value. */
  options: OptionPicker[];
  /** is_configured (browsing §4): true once a variant is chosen. */
  isConfigured: boolean;
  /** The label of the first option still to choose, for "Kies je maat". */
  missing: string | null;
  pick: (attributeCode: string, value: string) => void;
}

const EMPTY: ConfigurationState = { configuration: {}, variant: null };

/** The URL's child, else nothing chosen except options with a single value (one colour). */
export function initialConfiguration(view: ConfigurableView): ConfigurationState {
  const variant = view.variants.find((v) => v.sku === view.selectedSku) ?? null;
  const configuration: Record<string, string> = {};
  for (const option of view.options) {
    const own = variant ? String(variant[option.attribute_code] ?? "") : "";
    const only = option.values.length === 1 ? option.values[0]!.value_index : "";
    if (own || only) configuration[option.attribute_code] = own || only;
  }
  return { configuration, variant };
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

function configurationOf(view: ConfigurableView, variant: VariantView): Record<string, string> {
  return Object.fromEntries(
    view.options.map((o) => [o.attribute_code, String(variant[o.attribute_code] ?? "")]),
  );
}

function labelledConfiguration(
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

/**
 * The configurable product's choice (browsing §4 "Configurable product"): picking a value fires
 * "before configure", asks core for the best-matching variant with that value, makes it current
 * and writes its sku into the URL (a replace, no scroll), then fires "after configure"; with no
 * match the spec's warning with OK is shown and nothing changes.
 */
export function useProductConfiguration(data: ProductPageData): ProductConfiguration {
  const view = data.configurable;
  const navigate = useNavigate();
  const [state, setState] = useState<ConfigurationState>(() => (view ? initialConfiguration(view) : EMPTY));
  const current = useRef(state);
  current.current = state;

  // The URL names the child: a link or a revalidation-free navigation to another child of this
  // product moves the choice along (the page holds every child, so no data is fetched for it).
  const location = useLocation();
  const urlSku = childSkuIn(data.link.shape, location.pathname, location.search);
  useEffect(() => {
    if (!view || !urlSku || urlSku === current.current.variant?.sku) return;
    const variant = view.variants.find((v) => v.sku === urlSku && Number(v.status) < 2);
    if (variant) setState({ configuration: configurationOf(view, variant), variant });
  }, [view, urlSku]);

  const options = useMemo<OptionPicker[]>(() => {
    if (!view) return [];
    const product = { configurable_children: view.variants, configurable_options: view.options };
    const byCode = new Map(view.options.map((o) => [o.attribute_code, o.values]));
    return availableOptions(product, state.configuration).map((option) => {
      const views = byCode.get(option.attribute_code) ?? ([] as OptionValueView[]);
      return {
        ...option,
        values: option.values.map((value) => {
          const choice = pickOption(product, state.configuration, option.attribute_code, value.value);
          return {
            ...value,
            swatch: views.find((v) => v.value_index === value.value)?.swatch ?? null,
            // Without JavaScript each value is a link to the variant it would choose.
            href: choice.variant ? linkTo(data.link, choice.variant.sku) : linkTo(data.link),
          };
        }),
      };
    });
  }, [view, state.configuration, data.link]);

  const pick = (attributeCode: string, value: string) => {
    if (!view) return;
    const { configuration } = current.current;
    emitConfigure({
      type: "before-configure",
      sku: data.sku,
      option: { attribute_code: attributeCode, value },
      configuration,
    });
    const choice = pickOption({ configurable_children: view.variants }, configuration, attributeCode, value);
    if (!choice.variant) {
      notify({ type: "warning", message: t(NO_SUCH_CONFIGURATION), action1: { label: t("OK") } });
      return;
    }
    const variant = choice.variant as VariantView;
    const next = { configuration: configurationOf(view, variant), variant };
    current.current = next;
    setState(next);
    navigate(linkTo(data.link, variant.sku), { replace: true, preventScrollReset: true });
    emitConfigure({
      type: "after-configure",
      sku: data.sku,
      variantSku: variant.sku,
      configuration: labelledConfiguration(view, next.configuration),
    });
  };

  const missing = options.find((o) => !o.values.some((v) => v.selected))?.label ?? null;
  return { ...state, options, isConfigured: state.variant !== null, missing, pick };
}
