import {
  availableOptions,
  type CartItem,
  type ConfigurableChild,
  childAttributeValues,
  configureProduct,
  NO_SUCH_CONFIGURATION,
  type Product,
  pickOption,
  roundCents,
  t,
} from "@etalage/core";
import { useEffect, useId, useRef, useState } from "react";
import { ProductPrice } from "../../../ui/products/product-price.tsx";
import { cart } from "../cart-api.ts";
import { type EditableProduct, fetchEditableProduct } from "./edit-api.ts";
import { closeLineEditor, type EditMode, openLineEditor } from "./microcart-store.ts";
import { QuantityStepper } from "./quantity-stepper.tsx";

type OpenEdit = Extract<EditMode, { state: "open" }>;

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; product: EditableProduct };

/**
 * Edit mode of a configurable line (transactional §2): the line's product with its options and
 * quantity, chosen in place; Update saves the new size or colour and quantity, Cancel keeps the
 * line as it was. The choices live in the edit mode (`selectedOptions.configurable`), so they
 * survive a re-render of the list.
 */
export function LineEditor({ item, edit }: { item: CartItem; edit: OpenEdit }) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [warning, setWarning] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const name = item.name ?? item.sku;
  const parentSku = item.parentSku ?? item.sku;

  useEffect(() => heading.current?.focus(), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    const abort = new AbortController();
    setLoad({ state: "loading" });
    fetchEditableProduct(parentSku, abort.signal).then(
      (product) => setLoad({ state: "ready", product }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn("Could not load the options of", parentSku, error);
        setLoad({ state: "failed" });
      },
    );
    return () => abort.abort();
  }, [parentSku, attempt]);

  const product = load.state === "ready" ? load.product : null;
  const current = product?.variants.find((v) => v.sku === item.sku) ?? null;
  const configuration =
    edit.selectedOptions.configurable ?? (current ? configurationOf(product!, current) : {});
  const chosen = product ? variantFor(product, configuration) : null;

  const pick = (code: string, value: string) => {
    if (!product) return;
    const choice = pickOption({ configurable_children: product.variants }, configuration, code, value);
    if (!choice.variant) {
      setWarning(t(NO_SUCH_CONFIGURATION));
      return;
    }
    setWarning(null);
    openLineEditor({ ...edit, selectedOptions: { configurable: configurationOf(product, choice.variant) } });
  };

  const save = async () => {
    if (!product || !chosen) return;
    setSaving(true);
    try {
      let line = item;
      if (edit.qty !== item.qty) {
        await cart.setQuantity(item, edit.qty);
        line = { ...item, qty: edit.qty };
      }
      if (chosen.sku !== item.sku) {
        const configured = configureProduct(
          { sku: product.sku, configurable_options: product.options } as Product,
          chosen,
        );
        await cart.reconfigure(line, { sku: chosen.sku, product_option: configured.product_option });
        closeLineEditor(chosen.sku);
      } else {
        closeLineEditor();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <li className="microcart-line microcart-line--editing" data-sku={item.sku}>
      <section className="line-editor" aria-labelledby={headingId}>
        <h3 id={headingId} ref={heading} tabIndex={-1} className="line-editor__title">
          {t("Edit {name}", { name })}
        </h3>
        {load.state === "loading" && (
          <p className="line-editor__status" role="status">
            {t("Loading...")}
          </p>
        )}
        {load.state === "failed" && (
          <div className="line-editor__status" role="alert">
            <p>{t("The options of this product could not be loaded.")}</p>
            <button type="button" className="button button--outline" onClick={() => setAttempt((n) => n + 1)}>
              {t("Try again")}
            </button>
          </div>
        )}
        {product && (
          <>
            {availableOptions(
              { configurable_children: product.variants, configurable_options: product.options },
              configuration,
            ).map((option) => {
              const selected = option.values.find((v) => v.selected);
              const isColor = option.attribute_code === "color";
              return (
                <fieldset key={option.attribute_code} className="line-editor__option">
                  <legend className="line-editor__legend">
                    {option.label}
                    {selected && <span className="line-editor__chosen">: {selected.label}</span>}
                  </legend>
                  <div
                    className={`line-editor__values line-editor__values--${isColor ? "swatch" : "button"}`}
                  >
                    {option.values.map((value) => {
                      const swatch = isColor ? product.swatches[value.value] : undefined;
                      return (
                        <button
                          key={value.value}
                          type="button"
                          className="line-editor__value"
                          aria-pressed={value.selected}
                          data-available={value.available}
                          title={isColor ? value.label : undefined}
                          onClick={() => pick(option.attribute_code, value.value)}
                        >
                          {isColor && (
                            <span
                              className="line-editor__swatch"
                              style={{ background: swatch ?? "#d3d3d3" }}
                            />
                          )}
                          <span className={isColor ? "visually-hidden" : undefined}>{value.label}</span>
                          {!value.available && (
                            <span className="visually-hidden">, {t("not available")}</span>
                          )}
                        </button>
                      );
                    })}
                  </div>
                </fieldset>
              );
            })}
            {warning && (
              <p className="line-editor__warning" role="alert">
                {warning}
              </p>
            )}
            <div className="line-editor__row">
              <QuantityStepper
                value={edit.qty}
                name={name}
                onChange={(qty) => openLineEditor({ ...edit, qty })}
              />
              {chosen && <VariantPrice variant={chosen} qty={edit.qty} />}
            </div>
          </>
        )}
        <div className="line-editor__actions">
          <button
            type="button"
            className="button"
            disabled={!chosen || saving}
            aria-busy={saving || undefined}
            onClick={() => void save()}
          >
            {t("Update")}
          </button>
          <button type="button" className="button button--outline" onClick={() => closeLineEditor()}>
            {t("Cancel")}
          </button>
        </div>
      </section>
    </li>
  );
}

function configurationOf(product: EditableProduct, variant: ConfigurableChild): Record<string, string> {
  return Object.fromEntries(
    product.options.map((o) => [o.attribute_code, childAttributeValues(variant, o.attribute_code)[0] ?? ""]),
  );
}

/** The enabled child with exactly these values, if there is one. */
function variantFor(
  product: EditableProduct,
  configuration: Record<string, string>,
): ConfigurableChild | null {
  return (
    product.variants.find(
      (v) =>
        Number(v.status) < 2 &&
        v.stock?.is_in_stock !== false &&
        product.options.every((o) =>
          childAttributeValues(v, o.attribute_code).includes(configuration[o.attribute_code] ?? ""),
        ),
    ) ?? null
  );
}

function VariantPrice({ variant, qty }: { variant: ConfigurableChild; qty: number }) {
  const final = Number(variant.final_price_incl_tax ?? variant.price_incl_tax ?? 0);
  const regular = Number(variant.regular_price_incl_tax ?? variant.price_incl_tax ?? final);
  const row = roundCents(final * qty);
  const rowRegular = roundCents(regular * qty);
  return <ProductPrice price={Math.max(rowRegular, row)} specialPrice={rowRegular > row ? row : null} />;
}
