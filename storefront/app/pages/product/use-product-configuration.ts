import { t } from "@etalage/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { deferredModule } from "../../lib/deferred-module.ts";
import { notify } from "../../lib/notification-store.ts";
import {
  type ConfigurationState,
  childSkuIn,
  configurationOf,
  initialConfiguration,
  labelledConfiguration,
} from "./configuration.ts";
import { emitConfigure } from "./configure-events.ts";
import { linkTo, type OptionPicker, type ProductPageData, type VariantView } from "./product-data.ts";

export type { OptionPicker } from "./product-data.ts";

export interface ProductConfiguration extends ConfigurationState {
  /** Each option with its values marked selected and available, and a no-JS link per value. */
  options: OptionPicker[];
  /** is_configured (browsing §4): true once a variant is chosen. */
  isConfigured: boolean;
  pick: (attributeCode: string, value: string) => void;
  /**
   * The choice once every pick made so far has applied: a pick waits for the variant rules, and
   * an "Add to cart" pressed meanwhile must add what the shopper picked, not what was on screen.
   */
  settled: () => Promise<SettledConfiguration>;
}

interface SettledConfiguration extends ConfigurationState {
  isConfigured: boolean;
  /** The label of the first option still to choose, for "Kies je maat". */
  missing: string | null;
}

const EMPTY: ConfigurationState = { configuration: {}, variant: null };

/**
 * Core's variant rules: loaded once the shopper interacts with the page. Until the first pick the
 * options are as the server built them (`configurable.pickers`); every change of the choice waits
 * for the rules first, so a state other than the first always has them.
 */
const rules = deferredModule(() => import("./configuration-rules.ts"), { warm: true });
let loadedRules: Awaited<ReturnType<typeof rules.load>> | undefined;
const withRules = (then: (loaded: NonNullable<typeof loadedRules>) => void) =>
  rules.load().then(
    (loaded) => {
      loadedRules = loaded;
      then(loaded);
    },
    () => undefined, // offline since before any interaction: the choice cannot change, nor anything else
  );

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
  // The shopper's own choice: a URL child is theirs, a best match a colour brought along is not.
  const complete = (configuration: Record<string, string>) =>
    Boolean(view?.options.every((o) => configuration[o.attribute_code]));
  const first = useRef(state).current;
  const current = useRef(state);
  current.current = state;
  /** The last pick (or URL change) still waiting for the rules; `settled` waits for it. */
  const applying = useRef<Promise<void>>(Promise.resolve());

  // The URL names the child: a link or a revalidation-free navigation to another child of this
  // product moves the choice along (the page holds every child, so no data is fetched for it).
  const location = useLocation();
  const urlSku = childSkuIn(data.link.shape, location.pathname, location.search);
  useEffect(() => {
    if (!view || !urlSku || urlSku === current.current.variant?.sku) return;
    const variant = view.variants.find((v) => v.sku === urlSku && Number(v.status) < 2);
    if (!variant) return;
    applying.current = withRules(() => {
      const next = { configuration: configurationOf(view, variant), variant };
      current.current = next;
      setState(next);
    });
  }, [view, urlSku]);

  const options = useMemo<OptionPicker[]>(() => {
    if (!view) return [];
    if (state === first || !loadedRules) return view.pickers;
    return loadedRules.optionPickers(view, state.configuration, data.link);
  }, [view, state, first, data.link]);

  const pick = (attributeCode: string, value: string) => {
    if (!view) return;
    applying.current = withRules(({ pickByShopper }) => {
      const { configuration } = current.current;
      emitConfigure({
        type: "before-configure",
        sku: data.sku,
        option: { attribute_code: attributeCode, value },
        configuration,
      });
      const choice = pickByShopper(
        { configurable_children: view.variants, configurable_options: view.options },
        configuration,
        attributeCode,
        value,
      );
      if (!choice.variant) {
        // A value some child has, only not to sell now, is sold out (issue 14: "Maat XS is
        // uitverkocht"); a combination no child has is core's NO_SUCH_CONFIGURATION, as a
        // literal the build compiles: the page needs no dictionary.
        const option = view.options.find((o) => o.attribute_code === attributeCode);
        const known = view.variants.some((v) => String(v[attributeCode] ?? "") === value);
        const label = option?.values.find((v) => v.value_index === value)?.label;
        const message =
          option && label && known
            ? t("{option} {value} is sold out", { option: option.label, value: label })
            : t("No such configuration for the product. Please do choose another combination of attributes.");
        notify({ type: "warning", message, action1: { label: t("OK") } });
        return;
      }
      const variant = choice.variant as VariantView;
      const next = { configuration: choice.picked, variant };
      current.current = next;
      setState(next);
      // The child sku names the shopper's choice, so it goes into the URL only once it is whole;
      // until then the URL is the parent's (a size the colour did not keep is no longer chosen).
      navigate(choice.complete ? linkTo(data.link, variant.sku) : linkTo(data.link), {
        replace: true,
        preventScrollReset: true,
      });
      emitConfigure({
        type: "after-configure",
        sku: data.sku,
        variantSku: variant.sku,
        configuration: labelledConfiguration(view, next.configuration),
      });
    });
  };

  const settled = async (): Promise<SettledConfiguration> => {
    for (let waited: Promise<void> | undefined; waited !== applying.current; ) {
      waited = applying.current;
      await waited;
    }
    const { configuration, variant } = current.current;
    const missing = view?.options.find((o) => !configuration[o.attribute_code])?.label ?? null;
    const whole = variant !== null && complete(configuration);
    return { configuration, variant: whole ? variant : null, isConfigured: whole, missing };
  };

  const isConfigured = state.variant !== null && complete(state.configuration);
  return { ...state, options, isConfigured, pick, settled };
}
