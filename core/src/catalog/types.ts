/**
 * Catalogue entities in the spec's shapes (browsing §3). These names cross the API, so they keep
 * the spec's vocabulary (snake_case where the spec has it).
 */

export type ProductType = "simple" | "configurable" | "grouped" | "bundle" | "virtual" | "downloadable";

/** 1 = not visible individually, 2 = catalogue, 3 = search, 4 = catalogue and search. */
export type Visibility = 1 | 2 | 3 | 4;

export interface StockInfo {
  product_id: number;
  sku?: string;
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  /** Our own flag: the warehouse is not sure of this quantity (stock status `volatile`). */
  is_volatile?: boolean;
}

export type StockStatus = "ok" | "volatile" | "out_of_stock";

export interface CustomAttribute {
  attribute_code: string;
  value: string | number | string[] | null;
}

export interface ConfigurableChild {
  id: number;
  sku: string;
  name?: string;
  status: number;
  stock: StockInfo;
  price: number;
  special_price?: number | null;
  special_from_date?: string | null;
  special_to_date?: string | null;
  tax_class_id?: number;
  image?: string;
  color?: string;
  size?: string;
  custom_attributes?: CustomAttribute[];
  /** Own (child's) price fields, filled by `computePrices` (see `ComputedPriceFields`). */
  price_tax?: number;
  price_incl_tax?: number;
  original_price?: number;
  original_price_tax?: number;
  original_price_incl_tax?: number;
  special_price_tax?: number;
  special_price_incl_tax?: number;
  final_price?: number;
  final_price_tax?: number;
  final_price_incl_tax?: number;
  regular_price?: number;
  regular_price_tax?: number;
  regular_price_incl_tax?: number;
  [attribute: string]: unknown;
}

export interface ConfigurableOptionValue {
  value_index: string | number;
  label: string;
}

export interface ConfigurableOption {
  attribute_id: number;
  attribute_code: string;
  label: string;
  values: ConfigurableOptionValue[];
}

export interface ProductLink {
  link_type: "associated" | "colorrelation" | "related" | "upsell";
  linked_product_type?: ProductType;
  linked_product_sku: string;
  sku: string;
  id?: number;
  qty?: number;
  is_default?: boolean;
  position?: number;
}

export interface BundleOption {
  option_id: number;
  title: string;
  required?: boolean;
  type?: "select" | "radio" | "checkbox" | "multi";
  product_links: ProductLink[];
}

export interface MediaGalleryEntry {
  image: string;
  pos: number;
  typ: "image" | "video";
  lab?: string;
}

/** A product label (browsing §3): position 0 top-left, 2 top-right, 6 bottom-left, 8 bottom-right. */
export interface ProductLabel {
  label_id: number;
  type: 1 | 2;
  position: number;
  label_text: string;
  label_background_color: string;
  label_text_color: string;
  image?: string | null;
  alt_tag?: string;
}

export interface Product {
  id: number;
  sku: string;
  parentSku?: string;
  parentId?: number;
  name: string;
  type_id: ProductType;
  status: number;
  visibility: Visibility;
  url_key: string;
  url_path: string;
  slug: string;
  description?: string;
  short_description?: string;
  image?: string;
  small_image?: string;
  thumbnail?: string;
  media_gallery?: MediaGalleryEntry[];
  price: number;
  special_price?: number | null;
  special_from_date?: string | null;
  special_to_date?: string | null;
  tax_class_id: number;
  stock: StockInfo;
  category: { category_id: number; name: string; position?: number }[];
  category_ids: number[];
  new?: 0 | 1;
  sale?: 0 | 1;
  brand?: string;
  color?: string;
  size?: string;
  material?: string;
  fit?: string;
  created_at?: string;
  updated_at?: string;
  weight?: number;
  configurable_children?: ConfigurableChild[];
  configurable_options?: ConfigurableOption[];
  product_links?: ProductLink[];
  bundle_options?: BundleOption[];
  product_labels?: ProductLabel[];
  /** Codes of the attributes this product carries, so the client knows which metadata to load. */
  attributes_metadata?: unknown[];
  /**
   * Computed price fields (browsing §3 "Computed price fields per price: value, _tax and _incl_tax"),
   * filled by `computePrices`: `price`/`regular_price`/`original_price` are the regular price,
   * `special_price` is non-zero only while a lower special price is active, `final_price` is what
   * the shopper pays.
   */
  price_tax?: number;
  price_incl_tax?: number;
  original_price?: number;
  original_price_tax?: number;
  original_price_incl_tax?: number;
  special_price_tax?: number;
  special_price_incl_tax?: number;
  final_price?: number;
  final_price_tax?: number;
  final_price_incl_tax?: number;
  regular_price?: number;
  regular_price_tax?: number;
  regular_price_incl_tax?: number;
  /** Quantity a shopper adds; defaults to 1 (browsing §3). */
  qty?: number;
  /** Product-level problems the page shows, e.g. `errors.variants` (browsing §4 "Variant choice"). */
  errors?: Record<string, string>;
  info?: Record<string, string>;
  /** True once a variant is chosen (browsing §4 "Configurable product"). */
  is_configured?: boolean;
  configuration?: Record<string, ProductConfigurationValue>;
  product_option?: ProductOption;
  custom_options?: CustomOption[];
  [attribute: string]: unknown;
}

/** One chosen option of a configured product: attribute code mapped to id and label (browsing §3). */
export interface ProductConfigurationValue {
  attribute_code: string;
  id: string;
  label: string;
}

export interface ConfigurableItemOption {
  option_id: string;
  option_value: string;
  label?: string;
  value?: string;
}

export interface BundleOptionSelection {
  option_id: number;
  option_qty: number;
  option_selections: number[];
}

export interface CustomOptionSelection {
  option_id: string | number;
  /** Selected value ids; several joined by commas for checkboxes. */
  option_value: string;
}

/** What the cart sends for a configured, bundle or custom-option product (browsing §3). */
export interface ProductOption {
  extension_attributes: {
    custom_options?: CustomOptionSelection[];
    configurable_item_options?: ConfigurableItemOption[];
    bundle_options?: BundleOptionSelection[];
  };
}

/** A value of a product's custom option; its price counts under browsing §5's rule. */
export interface CustomOptionValue {
  option_type_id: number;
  title?: string;
  price: number;
  price_type: "fixed" | "percent";
  sort_order?: number;
}

export interface CustomOption {
  option_id: number;
  title: string;
  /** `field` is a line of text, `area` a longer text (Magento's custom option types). */
  type: "field" | "area" | "radio" | "select" | "drop_down" | "checkbox";
  is_require?: boolean;
  values?: CustomOptionValue[];
  /** Text options: the most characters a shopper may type (Magento's `max_characters`); 255 unset. */
  max_characters?: number;
  /** Text options: what the text must be; `email` is an e-mail address (a gift card's recipient). */
  format?: "email";
  sort_order?: number;
}

export interface Category {
  id: number;
  parent_id: number;
  parent_ids?: number[];
  level: number;
  name: string;
  slug: string;
  is_active: boolean;
  position: number;
  include_in_menu?: boolean;
  product_count: number;
  path: string;
  url_key: string;
  url_path: string;
  children_data?: Category[];
  children_count: number;
  meta_title?: string;
  meta_description?: string;
  meta_keywords?: string;
  description?: string;
  alternate_href_tags?: { url: string; language_code: string }[];
}

export interface AttributeOption {
  label: string;
  value: string;
  /** A colour swatch as CSS colour, when the attribute is a colour. */
  swatch?: string;
  sort_order?: number;
}

export interface Attribute {
  attribute_id: number;
  attribute_code: string;
  frontend_label: string;
  frontend_input: "select" | "multiselect" | "text" | "price" | "boolean" | "textarea";
  is_user_defined: boolean;
  is_visible: boolean;
  is_visible_on_front?: boolean;
  is_comparable: boolean;
  is_filterable?: boolean;
  position?: number;
  options: AttributeOption[];
  swatch?: boolean;
}

export interface TaxRate {
  rate: number;
  tax_country_id: string;
  tax_region_id: number;
  region_name: string;
  code?: string;
}

export interface TaxRule {
  id: number;
  code: string;
  priority?: number;
  product_tax_class_ids: number[];
  customer_tax_class_ids: number[];
  rates: TaxRate[];
}

export interface Redirect {
  id: number;
  request_path: string;
  target_path: string;
  redirect_type: 301 | 302;
}

export interface LandingPage {
  id: number;
  url_path: string;
  category_id: number;
  /** JSON string, parsed to an object by the client (browsing §3). */
  filter_attributes: string;
  title?: string;
}

/** Every line of a catalogue import (and the demo seed) is one of these. */
export type CatalogRecord =
  | { type: "category"; data: Category }
  | { type: "attribute"; data: Attribute }
  | { type: "taxrule"; data: TaxRule }
  | { type: "product"; data: Product }
  | { type: "redirect"; data: Redirect }
  | { type: "landing_page"; data: LandingPage };
