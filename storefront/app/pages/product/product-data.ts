import {
  type ConfigurableChild,
  type CustomOption,
  DEFAULT_LINK_OPTIONS,
  type OptionState,
  type ProductType,
  productLink,
  type RichNode,
  type SizeTableKey,
  type StockStatus,
} from "@etalage/core";
import type { ProductReviews } from "../../lib/server-context.ts";

/*
 * What the product page renders, built on the server from a priced product. Small on purpose:
 * a configurable's children carry only what choosing a variant needs.
 */

/** Prices including tax; `special` only while a lower special price is active (the priced fields say so). */
/** A configurable option's values as the page offers them (configuration.ts keeps the choice). */
type OptionValuePicker = OptionState["values"][number] & { swatch: string | null; href: string };
export type OptionPicker = Omit<OptionState, "values"> & { values: OptionValuePicker[] };

export interface Prices {
  regular: number;
  special: number | null;
}

export interface GalleryImage {
  path: string;
  alt: string;
}

export type Corner = "top-left" | "top-right" | "bottom-left" | "bottom-right";

export interface LabelView {
  corner: Corner;
  text: string;
  background: string;
  color: string;
  image: string | null;
}

export interface AttributeRow {
  label: string;
  value: string;
}

export interface OptionValueView {
  value_index: string;
  label: string;
  /** CSS colour of a colour swatch. */
  swatch: string | null;
}

export interface OptionView {
  attribute_id: number;
  attribute_code: string;
  label: string;
  values: OptionValueView[];
}

/** A configurable child as core's variant rules read it: the option codes are own fields. */
export type VariantView = ConfigurableChild & { final_price_incl_tax: number; price_incl_tax: number };

export interface ConfigurableView {
  options: OptionView[];
  variants: VariantView[];
  /** The child sku from the URL, when it names an enabled child. */
  selectedSku: string | null;
  /**
   * The options as the page first shows them, built here with core's variant rules: the browser
   * needs those only once the shopper picks (use-product-configuration.ts).
   */
  pickers: OptionPicker[];
}

export interface PartView {
  sku: string;
  name: string;
  href: string | null;
  image: string | null;
  prices: Prices;
  stock: StockStatus;
  /** When the part is one size of a configurable: its parent and the options naming it. */
  variant?: {
    parentSku: string;
    url_path: string;
    slug: string;
    options: { option_id: string; option_value: string; label: string; value: string }[];
  };
}

export interface GroupedItemView extends PartView {
  /** The default quantity of the link (browsing §3 product_links.qty). */
  qty: number;
}

interface BundleSelectionView extends PartView {
  id: number;
  qty: number;
  isDefault: boolean;
}

export interface BundleOptionView {
  id: number;
  title: string;
  required: boolean;
  selections: BundleSelectionView[];
}

export interface ColorRelation {
  sku: string;
  name: string;
  href: string;
  color: string | null;
  swatch: string | null;
  current: boolean;
}

interface Crumb {
  name: string;
  href: string;
}

/** Where the page lives: the named route `/p/…` or the product's url_path (URL dispatcher). */
export type LinkShape = "route" | "dispatcher";

export interface ProductPageData {
  id: number;
  sku: string;
  type: ProductType;
  name: string;
  brand: string | null;
  shortDescription: string | null;
  description: RichNode[];
  /** The meta description's text: built here, so the browser needs no rich-text-to-plain code. */
  plainDescription: string;
  images: GalleryImage[];
  prices: Prices;
  stock: StockStatus;
  labels: LabelView[];
  attributes: AttributeRow[];
  sizeGuide: SizeTableKey | null;
  /** Category path from the top, without Home and without the product. */
  categories: Crumb[];
  link: { sku: string; type_id: ProductType; url_path: string; slug: string; shape: LinkShape };
  canonical: string;
  publicUrl: string;
  configurable: ConfigurableView | null;
  grouped: GroupedItemView[] | null;
  bundle: BundleOptionView[] | null;
  /** Whether the product links other colours; their details come deferred. */
  hasColorRelations: boolean;
  /** Deferred: other colours of this model (colorrelation links); never rejects. */
  colorRelations: Promise<ColorRelation[]>;
  /** Approved reviews, first page newest first, and their summary (issue 18). */
  reviews: ProductReviews;
  /** Text the shopper types, such as a gift card's recipient (issue 14); empty for most products. */
  textOptions: CustomOption[];
}

export function linkTo(link: ProductPageData["link"], childSku?: string): string {
  return productLink(link, childSku, {
    ...DEFAULT_LINK_OPTIONS,
    useUrlDispatcher: link.shape === "dispatcher",
  });
}

export function pricesOf(fields: {
  price_incl_tax?: number;
  special_price_incl_tax?: number;
  final_price_incl_tax?: number;
}): Prices {
  const regular = Number(fields.price_incl_tax ?? fields.final_price_incl_tax ?? 0);
  const special = Number(fields.special_price_incl_tax ?? 0);
  return { regular, special: special > 0 && special < regular ? special : null };
}
