import { type FreeShippingProgress, freeShippingProgress, roundCents } from "@etalage/core";
import { SHIPPING_TAX_RATE } from "./totals.ts";

/**
 * Shipping methods (transactional §3, §5): the built-in rate table. A method is answered with
 * `available: false` where it does not deliver and the endpoint leaves those out (§5).
 */
interface MethodDef {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  /** Price incl. tax in euros. */
  price: number;
  /** Free from this subtotal incl. tax. */
  freeFrom?: number;
  countries: readonly string[];
}

export const FREE_SHIPPING_FROM = 75;

const METHODS: readonly MethodDef[] = [
  {
    carrier_code: "postnl",
    method_code: "standard",
    carrier_title: "PostNL",
    method_title: "Standaard bezorging",
    price: 4.95,
    freeFrom: FREE_SHIPPING_FROM,
    countries: ["NL"],
  },
  {
    carrier_code: "postnl",
    method_code: "evening",
    carrier_title: "PostNL",
    method_title: "Avondbezorging",
    price: 7.95,
    countries: ["NL"],
  },
  {
    carrier_code: "postnl",
    method_code: "pickup",
    carrier_title: "PostNL",
    method_title: "Ophalen bij een PostNL-punt",
    price: 3.95,
    countries: ["NL", "BE"],
  },
  {
    carrier_code: "store",
    method_code: "pickup",
    carrier_title: "Etalage",
    method_title: "Afhalen in de winkel",
    price: 0,
    countries: ["NL"],
  },
  {
    carrier_code: "postnl",
    method_code: "international",
    carrier_title: "PostNL",
    method_title: "Bezorging in Europa",
    price: 12.95,
    countries: ["BE", "DE", "LU", "FR", "AT", "DK"],
  },
];

export interface ShippingMethod {
  carrier_code: string;
  method_code: string;
  carrier_title: string;
  method_title: string;
  amount: number;
  base_amount: number;
  price_excl_tax: number;
  price_incl_tax: number;
  available: boolean;
  error_message: string;
}

export interface ShippingContext {
  countryId: string;
  subtotalInclTax: number;
  /** A free-shipping coupon applies. */
  freeShipping: boolean;
}

/** Every method with its price for this cart; `available` says whether it delivers there. */
function allShippingMethods(context: ShippingContext): ShippingMethod[] {
  const country = context.countryId.toUpperCase();
  return METHODS.map((def) => {
    const free =
      context.freeShipping || (def.freeFrom !== undefined && context.subtotalInclTax >= def.freeFrom);
    const incl = free ? 0 : def.price;
    const excl = roundCents(incl - (incl * SHIPPING_TAX_RATE) / (100 + SHIPPING_TAX_RATE));
    const available = def.countries.includes(country);
    return {
      carrier_code: def.carrier_code,
      method_code: def.method_code,
      carrier_title: def.carrier_title,
      method_title: def.method_title,
      amount: incl,
      base_amount: incl,
      price_excl_tax: excl,
      price_incl_tax: incl,
      available,
      error_message: available ? "" : "Deze verzendmethode is niet beschikbaar voor dit land.",
    };
  });
}

/** The methods a shopper may choose (unavailable ones filtered out, transactional §5). */
export function shippingMethodsFor(context: ShippingContext): ShippingMethod[] {
  return allShippingMethods(context).filter((m) => m.available);
}

export function findShippingMethod(
  context: ShippingContext,
  carrierCode: string,
  methodCode: string,
): ShippingMethod | undefined {
  return shippingMethodsFor(context).find(
    (m) => m.carrier_code === carrierCode && m.method_code === methodCode,
  );
}

/**
 * How far the cart is from free delivery to its country (the microcart's "Nog € 12,05 tot gratis
 * verzending"): from the same table the prices come from, so the promise and the price agree.
 * Null where no method to that country ever ships free.
 */
export function freeShippingFor(context: ShippingContext): FreeShippingProgress | null {
  const country = context.countryId.toUpperCase();
  const thresholds = METHODS.filter((m) => m.freeFrom !== undefined && m.countries.includes(country)).map(
    (m) => m.freeFrom!,
  );
  if (thresholds.length === 0) return null;
  return freeShippingProgress(context.subtotalInclTax, Math.min(...thresholds), context.freeShipping);
}

/** Every method the shop has, as the back office's order filter names it (`postnl_pickup`). */
export function shippingMethodChoices(): { code: string; title: string }[] {
  return METHODS.map((m) => ({
    code: `${m.carrier_code}_${m.method_code}`,
    title: `${m.carrier_title} – ${m.method_title}`,
  }));
}
