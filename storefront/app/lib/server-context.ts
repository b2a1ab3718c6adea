import type {
  LandingPage as ElevateLandingPage,
  LandingPageBody,
  LandingPageParams,
} from "@apptus/esales-api";
import type {
  Attribute,
  CartItemUpdate,
  Category,
  CmsStory,
  OrderAddress,
  Product,
  ProductQuery,
  ProductSearchResult,
  ReviewSummary,
  ReviewView,
  TrackedOrder,
  TrackedProduct,
} from "@etalage/core";
import { createContext } from "react-router";
import type { RenderTask } from "./render-document.tsx";

/** A product's approved reviews as the product page first shows them (issue 18). */
export interface ProductReviews {
  summary: ReviewSummary;
  items: ReviewView[];
  total: number;
}

/** A store as `/api/ext/vsf-storelocator/stores` answers it (contract "The rest"). */
export interface StoreRecord {
  id: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  country_id: string;
  lat: number;
  lng: number;
  phone: string;
  email: string;
  opening_hours: { day: number; open: string | null; close: string | null }[];
  special_hours: { date: string; label: string; open: string | null; close: string | null }[];
  services: string[];
}

export interface StoreLocatorData {
  stores: (StoreRecord & { pin: [x: number, y: number] | null })[];
  map: { width: number; height: number; land: string; neighbours: string };
}

/** Where a storefront path leads (the in-process face of `POST /api/url/map`). */
export type RouteMatch =
  | {
      found: true;
      type: "product" | "category" | "cms_page";
      source: Product | Category | Record<string, unknown>;
      /** Move the visitor on, e.g. a configurable child's URL to its parent (301). */
      redirect?: { status: number; to: string };
    }
  | { found: false; message: string; redirect?: { status: number; to: string } };

/**
 * What SSR loaders may ask of the server, in-process (no HTTP hop). The server fills this in;
 * the browser never sees it: client-side code calls the public /api contract instead.
 * Products come with prices computed (value, `_tax`, `_incl_tax`); treat them as read-only.
 */
export interface StorefrontServices {
  /** The active category tree under the root category, for menus and the footer. */
  categoryTree(): Category[];
  categoryById(id: number): Category | undefined;
  categoryByUrlPath(urlPath: string): Category | undefined;
  /** Visible products of a category in position order. */
  productsInCategory(categoryId: number, limit: number): Product[];
  /** The catalogue search of `/api/catalog/catalog_nl/product/_search`; throws a 400 ApiError on a bad query. */
  searchProducts(query: ProductQuery): ProductSearchResult;
  /** A parent product by its sku, or the parent of a configurable child sku. */
  productBySku(sku: string): Product | undefined;
  /** URL mapping: category, product (child → parent with a 301), CMS page, or a redirect entity. */
  resolveUrl(
    url: string,
    /** `linkOnly`: a link's target is checked (the shell's links), not the page being rendered. */
    options?: { sku?: string; linkOnly?: boolean },
  ): Promise<RouteMatch>;
  /** A select attribute with its options (labels, swatches), by code. */
  attribute(attributeCode: string): Attribute | undefined;
  /** The label of a select attribute's option (`brand` 214 → "Casa Moretti"), or undefined when unknown. */
  optionLabel(attributeCode: string, value: string | number): string | undefined;
  /**
   * A CMS story by full slug (`home`, `layout/menu`, `categories/kleding`): the published version,
   * or with a valid preview token for that story the draft (or the release's version).
   * Undefined when there is none or the token does not open it.
   */
  story(fullSlug: string, options?: StoryOptions): Promise<CmsStory | undefined>;
  /**
   * `compute`'s answer, computed once per content and catalogue version and shared by every
   * render until an editor publishes or the catalogue changes: only for what depends on nothing
   * else (never a draft or a shopper; of the request only what the key holds, as a listing's
   * address). With the HTML cache on, each render that reuses it is tagged with what the
   * computation read.
   */
  shared<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** The preview URL's check (the in-process `/validate-editor/`): whether the token opens that story. */
  validatePreview(params: { id: number; spaceId: number; timestamp: number; token: string }): boolean;
  /** The shop's public origin, for canonical links. */
  publicUrl: string;
  /** Issue 18: a product's approved reviews (first page, newest first) and their summary. */
  reviews(productId: number): ProductReviews;
  /** Issue 18: every store (the contract's shape) with its pin on the server-drawn map. */
  storeLocator(): StoreLocatorData;
  /** Issue 18: a postcode or a city as a point, from built-in tables (no outside geocoder). */
  locatePlace(query: string): { lat: number; lng: number; label: string } | null;
  /** The tag manager's container id, or null: tracking is off (features/analytics, issue 15). */
  gtmId: string | null;
  /** Origins besides the shop's that the browser calls (a configured Elevate cluster): the CSP's connect-src. */
  browserOrigins: string[];
  /** Storyblok's visual-editor bridge script, when the shop reads Storyblok with a preview token; else null. */
  cmsBridge: string | null;
  /** The mailed links' actions (issue 15): confirm a sign-up, unsubscribe. */
  newsletter: {
    confirm(token: string): Promise<{ email: string; code: string | null } | null>;
    unsubscribe(token: string): Promise<boolean>;
  };
  /** The server cart, for the add-to-cart form posted without JavaScript. */
  cart: StorefrontCart;
  /** The recommendation and search provider (Voyado Elevate), for pages rendered on the server. */
  elevate: StorefrontElevate;
  /** Checkout (issue 13): the order summary, places, order placement and payment, in-process. */
  checkout: StorefrontCheckout;
}

/** A store or a PostNL pick-up point as the checkout offers it. */
export interface CheckoutPlace {
  code: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  distance_m?: number;
}

export interface CheckoutSummary {
  lines: {
    item_id: number;
    sku: string;
    name: string;
    qty: number;
    /** One unit, including tax. */
    price_incl_tax: number;
    row_total_incl_tax: number;
    options: { label: string; value: string }[];
    /** The catalogue image path of the line's product (or its parent), or null. */
    image: string | null;
  }[];
  segments: { code: string; title: string; value: number }[];
  grandTotal: number;
  /** The cart's coupon code(s), comma-separated, or null. */
  couponCode: string | null;
  virtual: boolean;
  shippingMethods: {
    carrier_code: string;
    method_code: string;
    method_title: string;
    price_incl_tax: number;
  }[];
  paymentMethods: { code: string; title: string }[];
  unavailable: string[];
}

/** A saved address of the customer, as the contract's customer answers it. */
export interface CheckoutAddress {
  id: number;
  firstname: string;
  lastname: string;
  street: string[];
  postcode: string;
  city: string;
  country_id: string;
  telephone?: string;
  company?: string;
  default_shipping: boolean;
  default_billing: boolean;
}

/** The logged-in customer as the checkout prefills it. */
export interface CheckoutCustomer {
  email: string;
  firstname: string;
  lastname: string;
  addresses: CheckoutAddress[];
}

export type CheckoutPlaced =
  | { ok: true; orderNumber: string; orderToken: string; next: string }
  | {
      ok: false;
      message: string;
      fields: Record<string, string>;
      skus?: string[];
      /** The products of `skus`, by name, for the shopper. */
      names?: string[];
      /** The total is not the one the shopper saw (issue 23): the page shows the new one first. */
      totalChanged?: boolean;
      /** Refused by ORDERS_PER_MINUTE: nothing was placed (issue 31). */
      limited?: boolean;
    };

export type CheckoutPaymentState = "paid" | "cod" | "pending" | "failed" | "unknown";

/** An order as its pages show it: the contract's order fields (Magento's), plus a pick-up place. */
export interface OrderDetail {
  increment_id: string;
  created_at: string;
  status: string;
  status_label: string;
  grand_total: number;
  subtotal_incl_tax: number;
  shipping_incl_tax: number;
  discount_amount: number;
  /** The VAT the total holds (issue 23, item 5); absent in answers from before it was sent. */
  tax_amount?: number;
  payment_method: string;
  shipping_method: string;
  items: {
    sku: string;
    name: string;
    qty: number;
    row_total_incl_tax: number;
    product_option?: { options?: { label: string; value: string }[] };
    /** The line's picture (catalogue path), where the page has it. */
    image?: string | null;
  }[];
  shipping_address: OrderAddress | null;
  billing_address: OrderAddress;
  pickup?: {
    kind?: "service_point" | "store";
    name: string;
    street: string;
    postcode: string;
    city: string;
    /** A store's opening hours (ISO weekday 1 Monday … 7 Sunday). */
    opening_hours?: { day: number; open: string | null; close: string | null }[];
  } | null;
  /** The parcels sent, with the carrier's track-and-trace page (issue 25); none before shipping. */
  shipments?: {
    carrier_name: string;
    tracking_number: string;
    tracking_url: string;
    created_at: string;
    lines: { name: string; qty: number }[];
  }[];
}

export interface StorefrontCheckout {
  /**
   * The cart priced for checkout, or null when there is none (or it was ordered); "customer" when
   * it is a customer's cart and no valid token of that customer came with the request.
   * `customerToken` is the logged-in shopper's access token (the browser keeps it).
   */
  summary(
    cartId: string,
    countryId: string,
    customerToken?: string,
  ): Promise<CheckoutSummary | "customer" | null>;
  /** The customer of a valid access token (personal details, saved addresses), else null. */
  customer(customerToken: string): Promise<CheckoutCustomer | null>;
  /** A guest's order (no account yet) with its token: who ordered, for the thank-you page's account offer. */
  guestOrder(
    orderNumber: string,
    orderToken: string,
  ): Promise<{ email: string; firstname: string; lastname: string } | null>;
  /**
   * The order of the status page its confirmation mail links to (issue 13): with the order's token
   * or the mail's, else null. `guest`: who ordered, while the order has no account yet.
   */
  orderStatus(
    orderNumber: string,
    token: string,
  ): Promise<{
    order: OrderDetail;
    guest: { email: string; firstname: string; lastname: string } | null;
    /** Where the confirmation mail goes. */
    email: string;
  } | null>;
  /** The guest order joins the account of the token's customer (same e-mail address); false if not. */
  claim(orderNumber: string, orderToken: string, customerToken: string): Promise<boolean>;
  /** Keeps a shipping method (`carrier:method`) on the cart, so its totals carry the shipping line. */
  chooseShipping(cartId: string, method: string, customerToken?: string): Promise<boolean>;
  stores(): CheckoutPlace[];
  servicePoints(postcode: string): CheckoutPlace[];
  /** `POST /api/order` in-process: `body` is the contract's order body; `next` is where the shopper goes. */
  place(idempotencyKey: string, body: unknown, customerToken?: string): Promise<CheckoutPlaced>;
  /** The shopper came back from the payment page (Hosted Checkout's sessionId and sessionResult). */
  settle(
    orderNumber: string,
    token: string,
    returned: { sessionId?: string | null; sessionResult?: string | null; redirectResult?: string | null },
  ): Promise<{
    state: CheckoutPaymentState;
    orderNumber: string;
    grandTotal: number;
    test: boolean;
    /** How the last payment attempt ended (`refused`, `cancelled`, `expired`, …), when there was one. */
    payment?: string | null;
    /** The order as the data layer's `purchase` tells it, once it is paid or to be paid on delivery. */
    analytics?: { order: TrackedOrder; lines: TrackedProduct[] };
  }>;
  /** Pay the same order again (after a failure) with `method`: where to send the shopper. */
  retry(
    orderNumber: string,
    token: string,
    method: string,
  ): Promise<{ ok: true; url: string } | { ok: false; message: string }>;
}

/**
 * Elevate as server-rendered pages ask it: the built-in service in-process, or a real cluster
 * through the official client when `ELEVATE_CLUSTER_ID` is set. Answers are the same for every
 * shopper (no personal keys, no events), so the pages stay cacheable.
 */
export interface StorefrontElevate {
  /** The configured cluster (an id or a URL), or null: the browser then calls this shop's origin. */
  clusterId: string | null;
  /** Null when the provider failed or answered other than 200 (browsing §8: silently). */
  landingPage(params: LandingPageParams, body: LandingPageBody): Promise<ElevateLandingPage | null>;
  /** Landing pages below a landing url_path (the spec's sub-categories lookup). */
  subPages(urlPath: string): { url_path: string; title?: string }[];
}

/**
 * The server cart as the no-JavaScript add to cart needs it: a guest's cart only (the form post
 * carries no customer token). The rules (validation, prices, stock) are the cart API's own.
 */
export interface StorefrontCart {
  /** A new guest cart; its id. */
  createGuestCart(): Promise<string>;
  /** Adds to the line of this sku and options (or starts it), as `POST /update` without item_id. */
  addLine(
    cartId: string,
    line: Pick<CartItemUpdate, "sku" | "qty" | "product_option">,
  ): Promise<CartLineOutcome>;
}

export type CartLineOutcome =
  | { ok: true }
  /** 400 bad line or stock, 401 someone else's cart, 404 no such cart, 409 an ordered cart. */
  | { ok: false; code: 400 | 401 | 404 | 409; message: string };

export interface StoryOptions {
  version?: "published" | "draft";
  token?: string;
  /** A release id: the story as that release would publish it. */
  release?: number;
}

export const servicesContext = createContext<StorefrontServices>();

/**
 * The server's render threads (server/src/ssr/render-pool.ts): a whole page's render as bytes, or
 * null when the page must render in the request's own thread. Absent in development and when the
 * server runs without render threads.
 */
export interface DocumentRenderer {
  render(task: RenderTask): Promise<Uint8Array<ArrayBuffer> | null>;
}

export const documentRendererContext = createContext<DocumentRenderer | null>(null);

/**
 * The storefront's own route paths (`/c/:slug`, and `/login` once the accounts issue lands), set
 * by the server from the build: the shell shows a link when one of them, or the dispatcher, serves it.
 */
export const routePathsContext = createContext<readonly string[]>([]);
