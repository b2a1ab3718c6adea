import { type StockStatus, stockStatus, t } from "@etalage/core";
import { type FormEvent, useId, useState } from "react";
import { Link, useActionData } from "react-router";
import { cart } from "../cart/cart-api.ts";
import { productCartRequest } from "../cart/product-request.ts";
import { openModal } from "../modals/modal-store.ts";
import { ColorRelations } from "./color-relations.tsx";
import { PriceTag } from "./price-tag.tsx";
import { type GalleryImage, type ProductPageData, pricesOf, type VariantView } from "./product-data.ts";
import { ProductGallery } from "./product-gallery.tsx";
import { ProductOptions } from "./product-options.tsx";
import { BundleOptions, GroupedItems, quantity, sumPrices, TotalLine } from "./product-parts.tsx";
import type { ProductActionResult } from "./product-route.ts";
import { RichText } from "./rich-text.tsx";
import { StockLine, useStockStatus } from "./stock-status.tsx";
import { useProductConfiguration } from "./use-product-configuration.ts";
import "./product-page.css";

// The loader is product-data.ts's `buildProductPageData`: a lazily loaded page chunk keeps every
// export, so exporting server code from here would ship it to the browser (routes/dispatcher.tsx).
export type { ProductPageData } from "./product-data.ts";
export { productMeta } from "./product-meta.ts";
export { type ProductActionResult, productAction, productShouldRevalidate } from "./product-route.ts";

export function ProductPage({ data }: { data: ProductPageData }) {
  // Another product starts afresh: choices, quantities and the gallery position.
  return <ProductView key={data.sku} data={data} />;
}

function imagesFor(data: ProductPageData, variant: VariantView | null): GalleryImage[] {
  const image = variant?.image;
  if (!image || data.images[0]?.path === image) return data.images;
  const at = data.images.findIndex((i) => i.path === image);
  if (at > 0) return [data.images[at]!, ...data.images.filter((_, i) => i !== at)];
  return [{ path: image, alt: data.name }];
}

function ProductView({ data }: { data: ProductPageData }) {
  const config = useProductConfiguration(data);
  const { variant } = config;
  const posted = useActionData<ProductActionResult | undefined>();
  const [qty, setQty] = useState("1");
  const [groupQty, setGroupQty] = useState<Record<string, string>>({});
  const [bundleChoice, setBundleChoice] = useState<Record<number, number>>(() =>
    Object.fromEntries(
      (data.bundle ?? []).map((o) => [
        o.id,
        (o.selections.find((s) => s.isDefault) ?? o.selections[0])?.id ?? 0,
      ]),
    ),
  );
  const [bundleQty, setBundleQty] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      (data.bundle ?? []).map((o) => [
        o.id,
        String((o.selections.find((s) => s.isDefault) ?? o.selections[0])?.qty ?? 1),
      ]),
    ),
  );
  const [error, setError] = useState<string | null>(null);

  const total = data.grouped
    ? sumPrices(
        data.grouped.map((item) => ({
          prices: item.prices,
          qty: quantity(groupQty[item.sku] ?? String(item.qty)),
        })),
      )
    : data.bundle
      ? sumPrices(
          data.bundle.flatMap((o) => {
            const selection = o.selections.find((s) => s.id === bundleChoice[o.id]);
            return selection ? [{ prices: selection.prices, qty: quantity(bundleQty[o.id] ?? "1") }] : [];
          }),
        )
      : null;
  const prices = total ?? (variant ? pricesOf(variant) : data.prices);
  const sku = variant?.sku ?? data.sku;
  const initialStock: StockStatus = variant ? stockStatus(variant.stock) : data.stock;
  // An unconfigured configurable has no sku of its own to check: its stock sums its children.
  const stock = useStockStatus(data.configurable && !variant ? null : sku, initialStock);
  const soldOut = stock === "out_of_stock";

  // A model split into one product per colour shows its colours as links to each other; its own
  // single colour option would only repeat the current one.
  const ownColor = data.hasColorRelations
    ? config.options.find((o) => o.attribute_code === "color" && o.values.length === 1)
    : undefined;
  const pick = (code: string, value: string) => {
    setError(null);
    config.pick(code, value);
  };

  // With JavaScript the client cart adds (and shows the spec's notifications); the form posts
  // to productAction only without it.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let errors: Record<string, string> | undefined;
    if (data.configurable && !config.isConfigured) {
      const message = t("Please choose your {option}", {
        option: (config.missing ?? t("Size")).toLowerCase(),
      });
      setError(message);
      errors = { configuration: message };
    } else setError(null);
    const choice = {
      variant,
      configuration: config.configuration,
      qty,
      groupQty,
      bundleChoice,
      bundleQty,
      total,
    };
    void cart.add(productCartRequest(data, { ...choice, ...(errors ? { errors } : {}) }));
  };

  return (
    <article className="product container">
      <Breadcrumbs data={data} />
      <div className="product__layout">
        <div className="product__media">
          <ProductGallery
            key={imagesFor(data, variant)[0]?.path ?? "none"}
            images={imagesFor(data, variant)}
            labels={data.labels}
          />
        </div>
        <div className="product__info">
          {data.brand && <p className="product__brand">{data.brand}</p>}
          <h1 className="product__name">{data.name}</h1>
          <div className="product__price">
            <PriceTag prices={prices} size="large" />
            <p className="product__tax">{t("Including VAT")}</p>
          </div>
          <StockLine status={stock} />
          {data.shortDescription && <p className="product__lead">{data.shortDescription}</p>}

          <ColorRelations
            relations={data.colorRelations}
            fallback={
              ownColor && <ProductOptions options={[ownColor]} pick={pick} sizeGuide={null} error={null} />
            }
          />

          <form method="post" className="buy" onSubmit={onSubmit} data-configured={config.isConfigured}>
            <input type="hidden" name="sku" value={sku} />
            <input type="hidden" name="product_type" value={data.type} />
            {data.configurable && <input type="hidden" name="parent_sku" value={data.sku} />}
            {data.configurable &&
              variant &&
              data.configurable.options.map((option) => (
                <input
                  key={option.attribute_code}
                  type="hidden"
                  name={`super_attribute[${option.attribute_id}]`}
                  value={config.configuration[option.attribute_code] ?? ""}
                />
              ))}
            {data.configurable && (
              <ProductOptions
                options={config.options.filter((o) => o !== ownColor)}
                pick={pick}
                sizeGuide={data.sizeGuide}
                error={error}
              />
            )}
            {!data.configurable && data.sizeGuide && <SizeGuideButton table={data.sizeGuide} />}
            {data.grouped && (
              <GroupedItems
                items={data.grouped}
                quantities={groupQty}
                onQuantity={(itemSku, text) => setGroupQty((q) => ({ ...q, [itemSku]: text }))}
              />
            )}
            {data.bundle && (
              <BundleOptions
                options={data.bundle}
                chosen={bundleChoice}
                quantities={bundleQty}
                onChoose={(optionId, selectionId) => {
                  setBundleChoice((c) => ({ ...c, [optionId]: selectionId }));
                  const selection = data.bundle
                    ?.find((o) => o.id === optionId)
                    ?.selections.find((s) => s.id === selectionId);
                  if (selection) setBundleQty((q) => ({ ...q, [optionId]: String(selection.qty) }));
                }}
                onQuantity={(optionId, text) => setBundleQty((q) => ({ ...q, [optionId]: text }))}
              />
            )}
            {total && <TotalLine prices={total} />}
            <div className="buy__row">
              {!data.grouped && (
                <label className="qty">
                  <span className="visually-hidden">{t("Quantity")}</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    name="qty"
                    min={1}
                    max={99}
                    value={qty}
                    onChange={(e) => setQty(e.target.value)}
                  />
                </label>
              )}
              <button type="submit" className="button buy__button" disabled={soldOut}>
                {soldOut ? t("Out of stock") : t("Add to cart")}
              </button>
            </div>
            {posted && (
              <p className={`buy__note${posted.added ? "" : " buy__note--error"}`} role="status">
                {t(posted.message)}
              </p>
            )}
          </form>

          <ul className="product__promises">
            <li className="product__promise">{t("Free shipping from € 75")}</li>
            <li className="product__promise">{t("Ordered before 22:00, delivered tomorrow")}</li>
            <li className="product__promise">{t("30 days to return")}</li>
          </ul>

          <ProductDetails data={data} sku={sku} />
        </div>
      </div>
    </article>
  );
}

function SizeGuideButton({ table }: { table: "shirts" | "shoes" }) {
  return (
    <button type="button" className="options__guide" onClick={() => openModal("size-guide", { table })}>
      {t("Size guide")}
    </button>
  );
}

function Breadcrumbs({ data }: { data: ProductPageData }) {
  return (
    <nav className="crumbs" aria-label={t("Breadcrumb")}>
      <ol className="crumbs__list">
        <li>
          <Link to="/">{t("Home")}</Link>
        </li>
        {data.categories.map((crumb) => (
          <li key={crumb.href}>
            <Link to={crumb.href}>{crumb.name}</Link>
          </li>
        ))}
        <li aria-current="page">{data.name}</li>
      </ol>
    </nav>
  );
}

function ProductDetails({ data, sku }: { data: ProductPageData; sku: string }) {
  const descriptionId = useId();
  const detailsId = useId();
  return (
    <>
      {data.description.length > 0 && (
        <section className="product__section" aria-labelledby={descriptionId}>
          <h2 id={descriptionId} className="product__section-title">
            {t("Description")}
          </h2>
          <div className="product__description">
            <RichText nodes={data.description} />
          </div>
        </section>
      )}
      <section className="product__section" aria-labelledby={detailsId}>
        <h2 id={detailsId} className="product__section-title">
          {t("Product details")}
        </h2>
        <dl className="product__attributes">
          {data.attributes.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
          <div>
            <dt>{t("Item number")}</dt>
            <dd>{sku}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
