import {
  type Category,
  categoryLink,
  hasImage,
  isTextOption,
  type Product,
  productLink,
  richTextToPlain,
  STORE,
  type StockInfo,
  type StockStatus,
  sanitizeHtml,
  sizesIn,
  sizeTableFor,
  stockStatus,
} from "@etalage/core";
import type { StorefrontServices } from "../../lib/server-context.ts";
import { initialConfiguration } from "./configuration.ts";
import { optionPickers } from "./configuration-rules.ts";
import {
  type AttributeRow,
  type BundleOptionView,
  type ColorRelation,
  type ConfigurableView,
  type Corner,
  type GalleryImage,
  type GroupedItemView,
  type LabelView,
  type LinkShape,
  type OptionView,
  type PartView,
  type ProductPageData,
  pricesOf,
  type VariantView,
} from "./product-data.ts";

/*
 * The product page's data, built on the server from a priced product (the loaders of
 * routes/dispatcher.tsx and routes/product.tsx; the browser never loads this module).
 */
/** Attributes of the details table, in this order, when the product has them (options are chosen, not listed). */
const DETAIL_CODES = ["brand", "material", "fit", "pattern", "collar", "sleeve_length", "color", "size"];
/** Label positions (browsing §3); anything else is top-left. */
const CORNERS: Record<number, Corner> = {
  0: "top-left",
  2: "top-right",
  6: "bottom-left",
  8: "bottom-right",
};
/** Catalogue and search visibility, enabled (browsing §5 "The colour-relation lookup"). */
const RELATION_VISIBILITY = new Set([2, 3, 4]);

const statusOf = (stock: StockInfo | undefined): StockStatus => (stock ? stockStatus(stock) : "out_of_stock");

function labelOf(services: StorefrontServices, code: string, value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const values = Array.isArray(value) ? value : [value];
  const labels = values
    .map(
      (v) => services.optionLabel(code, v as string | number) ?? (/^\d+$/.test(String(v)) ? null : String(v)),
    )
    .filter((v): v is string => Boolean(v));
  return labels.length > 0 ? labels.join(", ") : null;
}

function galleryOf(product: Product): GalleryImage[] {
  const images = (product.media_gallery ?? [])
    .filter((m) => m.typ === "image" && hasImage(m.image))
    .toSorted((a, b) => a.pos - b.pos)
    .map((m) => ({ path: m.image, alt: m.lab || product.name }));
  if (hasImage(product.image) && !images.some((i) => i.path === product.image)) {
    images.unshift({ path: product.image, alt: product.name });
  }
  return images;
}

/** The deepest category of the product, walked up to the store's root. */
function categoryPath(services: StorefrontServices, product: Product): Category[] {
  const own = (product.category ?? [])
    .map((c) => services.categoryById(c.category_id))
    .filter((c): c is Category => c?.is_active === true)
    .toSorted((a, b) => b.level - a.level);
  const path: Category[] = [];
  for (let c = own[0]; c && c.id !== STORE.rootCategoryId && path.length < 10; ) {
    path.unshift(c);
    c = services.categoryById(c.parent_id);
  }
  return path;
}

/**
 * The size table of the product's kind (core decides which); none for a product that has only
 * one size, such as a one-size belt.
 */
function sizeGuideFor(services: StorefrontServices, product: Product, path: readonly Category[]) {
  const table = sizeTableFor(path.map((c) => c.url_key));
  if (!table || product.type_id === "configurable") return table;
  const size = product.size === undefined ? undefined : services.optionLabel("size", product.size);
  return size && sizesIn(table).includes(size) ? table : null;
}

function partOf(services: StorefrontServices, sku: string): PartView | null {
  const part = services.productBySku(sku);
  if (!part || Number(part.status) >= 2) return null;
  if (part.sku !== sku) return sizeOf(services, part, sku);
  return {
    sku: part.sku,
    name: part.name,
    href: RELATION_VISIBILITY.has(Number(part.visibility)) ? productLink(part) : null,
    image: hasImage(part.image) ? part.image : null,
    prices: pricesOf(part),
    stock: statusOf(part.stock),
  };
}

/**
 * One size of a configurable as a part (a complete look's shirt): its own name, price, picture and
 * stock, a link to its parent's page with this size chosen (where the other sizes are), and the
 * options that name it in the cart, so it goes in as the configurable's own page would put it.
 */
function sizeOf(services: StorefrontServices, parent: Product, sku: string): PartView | null {
  const child = parent.configurable_children?.find((c) => c.sku === sku);
  if (!child || Number(child.status) >= 2) return null;
  const options = (parent.configurable_options ?? []).flatMap((option) => {
    const custom = child.custom_attributes?.find((a) => a.attribute_code === option.attribute_code)?.value;
    const value = String(custom ?? child[option.attribute_code] ?? "");
    if (!value) return [];
    const label = option.values.find((v) => String(v.value_index) === value)?.label ?? value;
    const name =
      option.label || services.attribute(option.attribute_code)?.frontend_label || option.attribute_code;
    return [{ option_id: String(option.attribute_id), option_value: value, label: name, value: label }];
  });
  return {
    sku,
    name: child.name ?? parent.name,
    href: RELATION_VISIBILITY.has(Number(parent.visibility)) ? productLink(parent, sku) : null,
    image: hasImage(child.image) ? (child.image as string) : hasImage(parent.image) ? parent.image : null,
    prices: pricesOf(child),
    stock: statusOf(child.stock),
    variant: { parentSku: parent.sku, url_path: parent.url_path ?? "", slug: parent.slug ?? "", options },
  };
}

function configurableOf(
  services: StorefrontServices,
  product: Product,
  childSku?: string,
): Omit<ConfigurableView, "pickers"> {
  const swatches = new Map(
    (services.attribute("color")?.options ?? []).map((o) => [String(o.value), o.swatch ?? null]),
  );
  const options: OptionView[] = (product.configurable_options ?? []).map((o) => ({
    attribute_id: o.attribute_id,
    attribute_code: o.attribute_code,
    label: o.label || services.attribute(o.attribute_code)?.frontend_label || o.attribute_code,
    values: o.values.map((v) => ({
      value_index: String(v.value_index),
      label: v.label,
      swatch: o.attribute_code === "color" ? (swatches.get(String(v.value_index)) ?? null) : null,
    })),
  }));
  const codes = options.map((o) => o.attribute_code);
  const variants: VariantView[] = (product.configurable_children ?? []).map((c) => {
    const own: Record<string, unknown> = {};
    for (const code of codes) {
      const custom = c.custom_attributes?.find((a) => a.attribute_code === code)?.value;
      own[code] = String(custom ?? c[code] ?? "");
    }
    return {
      ...own,
      id: c.id,
      sku: c.sku,
      status: c.status,
      price: c.price,
      stock: {
        product_id: c.stock.product_id,
        qty: c.stock.qty,
        is_in_stock: c.stock.is_in_stock,
        manage_stock: c.stock.manage_stock,
        ...(c.stock.is_volatile ? { is_volatile: true } : {}),
      },
      price_incl_tax: Number(c.price_incl_tax ?? 0),
      special_price_incl_tax: Number(c.special_price_incl_tax ?? 0),
      final_price_incl_tax: Number(c.final_price_incl_tax ?? c.price_incl_tax ?? 0),
      ...(hasImage(c.image) ? { image: c.image } : {}),
    };
  });
  const selected = variants.find((v) => v.sku === childSku && Number(v.status) < 2);
  return { options, variants, selectedSku: selected?.sku ?? null };
}

function groupedOf(services: StorefrontServices, product: Product): GroupedItemView[] {
  return (product.product_links ?? [])
    .filter((l) => l.link_type === "associated")
    .toSorted((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .flatMap((l) => {
      const part = partOf(services, l.linked_product_sku || l.sku);
      const qty = l.qty === undefined || l.qty === null ? 1 : Math.max(0, Number(l.qty) || 0);
      return part ? [{ ...part, qty }] : [];
    });
}

function bundleOf(services: StorefrontServices, product: Product): BundleOptionView[] {
  return (product.bundle_options ?? []).map((o) => ({
    id: o.option_id,
    title: o.title,
    required: o.required !== false,
    selections: o.product_links.flatMap((l, index) => {
      const part = partOf(services, l.linked_product_sku || l.sku);
      // Bundle quantities are zero or more; a missing one is 1 (browsing §5).
      const qty = l.qty === undefined || l.qty === null ? 1 : Math.max(0, Number(l.qty) || 0);
      return part ? [{ ...part, id: l.id ?? index + 1, qty, isDefault: l.is_default === true }] : [];
    }),
  }));
}

/** Other colours of the model: enabled products in the catalogue or search (browsing §5). */
function colorRelationsOf(services: StorefrontServices, product: Product): ColorRelation[] {
  const links = (product.product_links ?? []).filter((l) => l.link_type === "colorrelation");
  if (links.length === 0) return [];
  const swatchOf = (value: unknown) =>
    services.attribute("color")?.options.find((o) => String(o.value) === String(value))?.swatch ?? null;
  const relation = (p: Product, current: boolean): ColorRelation => ({
    sku: p.sku,
    name: p.name,
    href: productLink(p),
    color: labelOf(services, "color", p.color),
    swatch: swatchOf(p.color),
    current,
  });
  const others = links
    .toSorted((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((l) => services.productBySku(l.linked_product_sku))
    .filter(
      (p): p is Product =>
        p !== undefined && Number(p.status) === 1 && RELATION_VISIBILITY.has(Number(p.visibility)),
    )
    .map((p) => relation(p, false));
  return others.length > 0 ? [relation(product, true), ...others] : [];
}

export interface BuildArgs {
  services: StorefrontServices;
  product: Product;
  request: Request;
  childSku?: string;
}

export function buildProductPageData({ services, product, request, childSku }: BuildArgs): ProductPageData {
  const path = categoryPath(services, product);
  const shape: LinkShape = new URL(request.url).pathname.startsWith("/p/") ? "route" : "dispatcher";
  const attributes: AttributeRow[] = [];
  const optionCodes = new Set((product.configurable_options ?? []).map((o) => o.attribute_code));
  for (const code of DETAIL_CODES) {
    if (optionCodes.has(code)) continue;
    const value = labelOf(services, code, product[code]);
    const label = services.attribute(code)?.frontend_label;
    if (value && label) attributes.push({ label, value });
  }
  const labels: LabelView[] = [];
  for (const l of product.product_labels ?? []) {
    const corner = CORNERS[l.position] ?? "top-left";
    // Product-view labels only (type 2), one per corner (browsing §3, §9).
    if (l.type !== 2 || labels.some((x) => x.corner === corner)) continue;
    labels.push({
      corner,
      text: l.label_text,
      background: l.label_background_color,
      color: l.label_text_color,
      image: hasImage(l.image) ? l.image : null,
    });
  }
  const base = services.publicUrl.replace(/\/+$/, "");
  const deferred = Promise.resolve()
    .then(() => colorRelationsOf(services, product))
    .catch(() => []);
  const description = sanitizeHtml(product.description);
  const link: ProductPageData["link"] = {
    sku: product.sku,
    type_id: product.type_id,
    url_path: product.url_path,
    slug: product.slug,
    shape,
  };
  const configurable =
    product.type_id === "configurable" ? configurableOf(services, product, childSku) : null;
  return {
    id: product.id,
    sku: product.sku,
    type: product.type_id,
    name: product.name,
    brand: labelOf(services, "brand", product.brand),
    shortDescription: product.short_description?.trim() || null,
    description,
    plainDescription: richTextToPlain(description),
    images: galleryOf(product),
    prices: pricesOf(product),
    stock: statusOf(product.stock),
    labels,
    attributes,
    sizeGuide: sizeGuideFor(services, product, path),
    categories: path.map((c) => ({ name: c.name, href: categoryLink(c) })),
    link,
    canonical: `${base}${productLink(product)}`,
    publicUrl: base,
    configurable: configurable && {
      ...configurable,
      pickers: optionPickers(configurable, initialConfiguration(configurable).configuration, link),
    },
    grouped: product.type_id === "grouped" ? groupedOf(services, product) : null,
    bundle: product.type_id === "bundle" ? bundleOf(services, product) : null,
    hasColorRelations: (product.product_links ?? []).some((l) => l.link_type === "colorrelation"),
    colorRelations: deferred,
    reviews: services.reviews(product.id),
    textOptions: (product.custom_options ?? [])
      .filter(isTextOption)
      .toSorted((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0)),
  };
}
