import { roundCents } from "../catalog/tax.ts";
import type { StockStatus } from "../catalog/types.ts";

/** schema.org availability of each stock status (browsing §4 "Product load"). */
export const SCHEMA_AVAILABILITY: Record<StockStatus, string> = {
  ok: "https://schema.org/InStock",
  volatile: "https://schema.org/LimitedAvailability",
  out_of_stock: "https://schema.org/OutOfStock",
};

/** What a shopper can buy on the page: the product itself, or each enabled variant. */
export interface OfferSource {
  /** The price paid now, including tax (a running special price, else the regular one). */
  price: number;
  stock: StockStatus;
}

export interface SchemaOffer {
  "@type": "Offer";
  url: string;
  price: string;
  priceCurrency: string;
  availability: string;
}

export interface SchemaAggregateOffer {
  "@type": "AggregateOffer";
  url: string;
  lowPrice: string;
  highPrice: string;
  offerCount: number;
  priceCurrency: string;
  availability: string;
}

/** In stock beats limited beats sold out: the page sells whatever one variant can give. */
const RANK: readonly StockStatus[] = ["ok", "volatile", "out_of_stock"];

const money = (amount: number) => roundCents(amount).toFixed(2);

const priced = (s: OfferSource) => Number.isFinite(s.price) && s.price >= 0;

/** The best availability of any: the page sells whatever one variant can give. */
function bestAvailability(sources: readonly OfferSource[]): string {
  return SCHEMA_AVAILABILITY[
    RANK.find((status) => sources.some((s) => s.stock === status)) ?? "out_of_stock"
  ];
}

export interface OfferContext {
  /** The canonical page the offer is bought on. */
  url: string;
  currency: string;
}

/** The `offers` of a product that is one thing to buy; none for an unknown price (below 0). */
export function productOffer(source: OfferSource, { url, currency }: OfferContext): SchemaOffer | null {
  if (!priced(source)) return null;
  return {
    "@type": "Offer",
    url,
    price: money(source.price),
    priceCurrency: currency,
    availability: SCHEMA_AVAILABILITY[source.stock],
  };
}

/**
 * The `offers` of a configurable product (issue 14): one AggregateOffer over its variants, on the
 * canonical page, since the variants have no pages of their own: the lowest and highest price,
 * how many variants are on sale, and the best availability of any. Variants without a known
 * price are no offer; none left, no offers.
 */
export function variantOffers(
  sources: readonly OfferSource[],
  { url, currency }: OfferContext,
): SchemaAggregateOffer | null {
  const offers = sources.filter(priced);
  if (offers.length === 0) return null;
  const prices = offers.map((s) => s.price);
  return {
    "@type": "AggregateOffer",
    url,
    lowPrice: money(Math.min(...prices)),
    highPrice: money(Math.max(...prices)),
    offerCount: offers.length,
    priceCurrency: currency,
    availability: bestAvailability(offers),
  };
}
