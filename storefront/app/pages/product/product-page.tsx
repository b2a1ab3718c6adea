import { type SizeTableKey, type StockStatus, stockStatus, t } from "@etalage/core";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useActionData } from "react-router";
import { cart, loadCartEngine } from "../../features/cart/cart-api.ts";
import { textOptionProblems } from "../../features/cart/text-option-messages.ts";
import { reportAddToCart } from "../../features/recommendations/add-to-cart-report.ts";
import { ProductRecommendations } from "../../features/recommendations/product-recommendations.tsx";
import { ProductReviews } from "../../features/reviews/product-reviews.tsx";
import { StoresModalLink } from "../../features/stores/stores-modal-link.tsx";
import { deferredModule } from "../../lib/deferred-module.ts";
import { openModal } from "../../session/modal-store.ts";
import { onDemand } from "../../shell/on-demand.tsx";
import { CompareButton } from "../../ui/products/compare-button.tsx";
import { FavoriteButton } from "../../ui/products/favorite-button.tsx";
import { BackInStockLink } from "./back-in-stock-link.tsx";
import { ColorRelations } from "./color-relations.tsx";
import { PriceTag } from "./price-tag.tsx";
import {
  type GalleryImage,
  linkTo,
  type ProductPageData,
  pricesOf,
  type VariantView,
} from "./product-data.ts";
import { ProductOptions } from "./product-options.tsx";
import type { PartsChoice } from "./product-parts.tsx";
import type { ProductChoice } from "./product-request.ts";
import type { ProductActionResult } from "./product-route.ts";
import { trackProductView } from "./product-view.ts";
import { lastPiecesNote, soldOutSizes } from "./size-stock.ts";
import { type SizeSheet, StickyBuyBar } from "./sticky-buy-bar.tsx";
import { StockLine, useStockCheck } from "./stock-status.tsx";
import { TextOptions } from "./text-options.tsx";
import { type OptionPicker, useProductConfiguration } from "./use-product-configuration.ts";
import "./product-page.css";

// A lazily loaded page chunk keeps every export: the routes take the loader (product-page-data.ts),
// the head (product-meta.ts) and the route functions (product-route.ts) from their own modules, so
// none of them ships with the page's components (routes/dispatcher.tsx).
export type { ProductPageData } from "./product-data.ts";

/** A grouped product's or a bundle's parts, their choice and sums: only those pages need the code. */
const parts = deferredModule(() => import("./product-parts.tsx"));
const NO_PARTS = { groupQty: {}, bundleChoice: {}, bundleQty: {} };
/** The add-to-cart request is built when the shopper adds; fetched once they interact with the page. */
const request = deferredModule(() => import("./product-request.ts"), { warm: true });

/** What a client navigation to this product should load with the page's code, so it renders at once. */
export function preloadFor(data: ProductPageData): Promise<unknown> {
  return data.grouped || data.bundle ? parts.load() : Promise.resolve();
}

function ProductWithParts({ data }: { data: ProductPageData }) {
  const { useProductParts } = parts.use();
  return <ProductView data={data} parts={useProductParts(data)} />;
}

/**
 * The request's code and the cart engine load side by side: a shopper whose first act is this
 * click waits one round trip, not two. Offline before either ever came, the add cannot start:
 * false, and the page says so by the button (no toast: its code would not load either).
 */
async function addToCart(data: ProductPageData, choice: ProductChoice): Promise<boolean> {
  let build: typeof import("./product-request.ts").productCartRequest;
  try {
    [{ productCartRequest: build }] = await Promise.all([request.load(), loadCartEngine()]);
  } catch {
    return false;
  }
  await cart.add(build(data, choice));
  reportAddToCart(choice.variant?.sku ?? data.sku, data.sku);
  return true;
}

/*
 * The breadcrumbs and the description and details: links and text nobody needs code for until
 * they act, hydrated on demand (shell/on-demand.tsx).
 */
const Breadcrumbs = onDemand<Pick<ProductPageData, "categories" | "name">>(
  () => import("./product-details.tsx").then((module) => module.Breadcrumbs),
  { tag: "nav", className: "crumbs", "aria-label": t("Breadcrumb") },
);
/*
 * The gallery too: its pictures are the server's from the first byte; browsing them is an act
 * (thumbnail, arrow, swipe), and a changed variant draws it afresh, once its code is there.
 */
const ProductGallery = onDemand<{ images: GalleryImage[]; labels: ProductPageData["labels"] }>(
  () => import("./product-gallery.tsx").then((module) => module.ProductGallery),
  { tag: "div", className: "gallery" },
);
const ProductDetails = onDemand<Pick<ProductPageData, "description" | "attributes"> & { sku: string }>(
  () => import("./product-details.tsx").then((module) => module.ProductDetails),
  { tag: "div", className: "product__details" },
);

export function ProductPage({ data }: { data: ProductPageData }) {
  // Another product starts afresh: choices, quantities and the gallery position.
  return data.grouped || data.bundle ? (
    <ProductWithParts key={data.sku} data={data} />
  ) : (
    <ProductView key={data.sku} data={data} parts={null} />
  );
}

function imagesFor(data: ProductPageData, variant: VariantView | null): GalleryImage[] {
  const image = variant?.image;
  if (!image || data.images[0]?.path === image) return data.images;
  const at = data.images.findIndex((i) => i.path === image);
  if (at > 0) return [data.images[at]!, ...data.images.filter((_, i) => i !== at)];
  return [{ path: image, alt: data.name }];
}

function ProductView({ data, parts }: { data: ProductPageData; parts: PartsChoice | null }) {
  const config = useProductConfiguration(data);
  const { variant } = config;
  useEffect(() => trackProductView(data), [data]);
  // The same pictures keep the same array, so the gallery's render waits for a real change.
  const images = useMemo(() => imagesFor(data, variant), [data, variant]);
  const posted = useActionData<ProductActionResult | undefined>();
  const [qty, setQty] = useState("1");
  const [error, setError] = useState<string | null>(null);
  const [addFailed, setAddFailed] = useState(false);
  const buyForm = useRef<HTMLFormElement>(null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [textErrors, setTextErrors] = useState<Record<string, string>>({});
  // With JavaScript the page checks typed options itself and says what is wrong in Dutch; the
  // browser's own bubbles (required, type=email) stay for the form post without it.
  useEffect(() => {
    if (buyForm.current && data.textOptions.length > 0) buyForm.current.noValidate = true;
  }, [data.textOptions.length]);
  const note: ProductActionResult | null = addFailed
    ? { added: false, message: t("An error occured while adding to the cart") }
    : (posted ?? null);
  const total = parts?.total ?? null;
  const prices = total ?? (variant ? pricesOf(variant) : data.prices);
  const sku = variant?.sku ?? data.sku;
  const initialStock: StockStatus = variant ? stockStatus(variant.stock) : data.stock;
  // An unconfigured configurable has no sku of its own to check: its stock sums its children.
  const { status: stock, hint: stockLeft } = useStockCheck(
    data.configurable && !variant ? null : sku,
    initialStock,
    variant?.stock ?? null,
  );
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
  // to productAction only without it. A size picked a moment before still applies first.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const picked = await config.settled();
    // A gift card's recipient first (issue 14): the add waits until every field is right.
    const problems = textOptionProblems(data.textOptions, texts);
    setTextErrors(problems);
    const wrong = Object.keys(problems)[0];
    if (wrong) {
      buyForm.current?.querySelector<HTMLElement>(`[name="options[${wrong}]"]`)?.focus();
      return;
    }
    let errors: Record<string, string> | undefined;
    if (data.configurable && !picked.isConfigured) {
      const message = t("Please choose your {option}", {
        option: (picked.missing ?? t("Size")).toLowerCase(),
      });
      setError(message);
      errors = { configuration: message };
    } else setError(null);
    const choice = {
      variant: picked.variant,
      configuration: picked.configuration,
      qty,
      ...(parts?.choice ?? NO_PARTS),
      total,
      texts,
    };
    setAddFailed(false);
    setAddFailed(!(await addToCart(data, { ...choice, ...(errors ? { errors } : {}) })));
  };

  return (
    <article className="product container">
      <Breadcrumbs categories={data.categories} name={data.name} />
      <div className="product__layout">
        <div className="product__media">
          <ProductGallery key={images[0]?.path ?? "none"} images={images} labels={data.labels} />
        </div>
        <div className="product__info">
          {data.brand && <p className="product__brand">{data.brand}</p>}
          <div className="product__title-row">
            <h1 className="product__name">{data.name}</h1>
            <FavoriteButton productKey={data.sku} name={data.name} className="product__favorite" />
          </div>
          {data.type !== "virtual" && (
            <CompareButton
              className="product__compare"
              entry={() => ({
                key: data.sku,
                // The deepest category names the kind: shirts are compared with shirts.
                kind: data.categories.at(-1)?.name ?? null,
                name: data.name,
                href: linkTo(data.link),
                image: data.images[0]?.path ?? null,
                brand: data.brand,
                price: data.prices.regular,
                specialPrice: data.prices.special,
                attributes: {},
                sizesInStock: null,
              })}
            />
          )}
          <div className="product__price">
            <PriceTag prices={prices} size="large" />
            <p className="product__tax">
              {data.type === "virtual"
                ? t("No VAT: charged when the gift card is spent")
                : t("Including VAT")}
            </p>
          </div>
          <StockLine status={stock} hint={stockLeft} />
          {data.shortDescription && <p className="product__lead">{data.shortDescription}</p>}

          <ColorRelations
            relations={data.colorRelations}
            fallback={
              ownColor && <ProductOptions options={[ownColor]} pick={pick} sizeGuide={null} error={null} />
            }
          />

          <form
            ref={buyForm}
            method="post"
            className="buy"
            onSubmit={onSubmit}
            data-configured={config.isConfigured}
          >
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
                note={lastPiecesNote(data.configurable, config.configuration)}
              />
            )}
            <BackInStockLink
              name={data.name}
              sizes={soldOutSizes(data.configurable, config.configuration)}
              selected={soldOut && variant ? variant.sku : null}
            />
            {!data.configurable && data.sizeGuide && <SizeGuideButton table={data.sizeGuide} />}
            <TextOptions
              legend={
                data.type === "virtual" ? t("Who is the gift card for?") : t("Personalise your product")
              }
              options={data.textOptions}
              values={texts}
              errors={textErrors}
              onChange={(id, value) => {
                setTexts((before) => ({ ...before, [id]: value }));
                // A field put right stops saying it is wrong; the others wait for the next try.
                setTextErrors((before) => {
                  if (!(id in before)) return before;
                  const { [id]: _fixed, ...rest } = before;
                  return rest;
                });
              }}
            />
            {parts?.element}
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
            {note && (
              <p className={`buy__note${note.added ? "" : " buy__note--error"}`} role="status">
                {note.message}
              </p>
            )}
          </form>

          {!data.grouped && !data.bundle && (
            <StickyBuyBar
              form={buyForm}
              name={data.name}
              prices={prices}
              soldOut={soldOut}
              sizes={sizesToChoose(
                config.options,
                pick,
                lastPiecesNote(data.configurable, config.configuration),
              )}
            />
          )}
          <ProductPromises type={data.type} />

          <ProductDetails description={data.description} attributes={data.attributes} sku={sku} />
        </div>
      </div>
      <ProductReviews productId={data.id} name={data.name} reviews={data.reviews} />
      <ProductRecommendations productKey={data.sku} />
    </article>
  );
}

/**
 * The sizes the sticky buy bar offers in the size selector: only when the size is all that is left
 * to choose (a colour still open is chosen on the page, with its pictures).
 */
function sizesToChoose(
  options: OptionPicker[],
  pick: (code: string, value: string) => void,
  note: (code: string, value: string) => string | null,
): SizeSheet | null {
  const size = options.find((o) => o.attribute_code === "size");
  if (!size || size.values.some((v) => v.selected)) return null;
  if (options.some((o) => o !== size && !o.values.some((v) => v.selected))) return null;
  return {
    choices: size.values.map((v) => ({
      value: v.value,
      label: v.label,
      available: v.available,
      note: v.available ? note("size", v.value) : null,
    })),
    choose: (value) => pick("size", value),
  };
}

function SizeGuideButton({ table }: { table: SizeTableKey }) {
  return (
    <button type="button" className="options__guide" onClick={() => openModal("size-guide", { table })}>
      {t("Size guide")}
    </button>
  );
}

/**
 * What the shop promises with this product. Shipping and returns are for goods that travel: a
 * gift card is e-mailed and an e-book downloaded (issue 14: a voucher promised free shipping).
 */
function ProductPromises({ type }: { type: string }) {
  return (
    <ul className="product__promises">
      {type === "virtual" ? (
        <>
          <li className="product__promise">{t("Sent straight to the recipient by e-mail")}</li>
          <li className="product__promise">{t("Spend online and in all our shops, valid for two years")}</li>
        </>
      ) : type === "downloadable" ? (
        <li className="product__promise">{t("Download straight after payment")}</li>
      ) : (
        <>
          <li className="product__promise">{t("Free shipping from € 75")}</li>
          <li className="product__promise">{t("Ordered before 22:00, delivered tomorrow")}</li>
          <li className="product__promise">{t("30 days to return")}</li>
          <li className="product__promise">
            <StoresModalLink modal="store-locator">{t("Available in our stores")}</StoresModalLink>
          </li>
        </>
      )}
    </ul>
  );
}
