import { countedQty, STORE, toCents } from "@etalage/core";
import type { CartRuleAction } from "../../db/schema.ts";
import type { PricePart } from "./catalog-lines.ts";

/**
 * Cart totals (transactional §4 "Totals"), pure and in whole cents. Prices include tax (§9), so
 * a discount lowers the gross and the VAT in it is worked out again per rate from what is left:
 * the discount is spread over every priced part in proportion to its gross (largest remainder,
 * so the cents add up exactly), and each part's VAT is gross × rate / (100 + rate).
 */

/** Shipping follows the standard Dutch rate. */
export const SHIPPING_TAX_RATE = 21;

export interface TotalsLine {
  item_id: number;
  sku: string;
  name: string;
  qty: number;
  parts: PricePart[];
  options: { label: string; value: string }[];
}

export interface DiscountRule {
  code: string;
  label: string;
  action: CartRuleAction;
  /** Percent for by_percent, euros incl. tax for by_fixed. */
  discountAmount: number;
  freeShipping: boolean;
}

interface ShippingChoice {
  carrier_code: string;
  method_code: string;
  title: string;
  /** The method's price incl. tax for this cart (free-from threshold already applied). */
  priceInclTax: number;
}

interface TotalsItem {
  item_id: number;
  sku: string;
  name: string;
  qty: number;
  price: number;
  price_incl_tax: number;
  row_total: number;
  row_total_incl_tax: number;
  row_total_with_discount: number;
  tax_amount: number;
  tax_percent: number;
  discount_amount: number;
  options: { label: string; value: string }[];
}

interface TotalSegment {
  code: string;
  title: string;
  value: number;
  extension_attributes?: {
    tax_grandtotal_details: {
      amount: number;
      rates: { percent: string; title: string }[];
      group_id: number;
    }[];
  };
}

export interface CartTotals {
  grand_total: number;
  base_grand_total: number;
  subtotal: number;
  base_subtotal: number;
  subtotal_incl_tax: number;
  subtotal_with_discount: number;
  /** Negative or 0, as Magento answers it; `discount` segments show the same value. */
  discount_amount: number;
  base_discount_amount: number;
  shipping_amount: number;
  shipping_incl_tax: number;
  shipping_tax_amount: number;
  tax_amount: number;
  coupon_code: string | null;
  items_qty: number;
  items_count: number;
  quote_currency_code: string;
  base_currency_code: string;
  items: TotalsItem[];
  total_segments: TotalSegment[];
  /** Free delivery: its threshold and what is left to it, where the cart's country has one. */
  extension_attributes?: { free_shipping: { threshold: number; remaining: number } };
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  /** Rules already checked as valid for this cart, in the order applied. */
  rules: readonly DiscountRule[];
  shipping?: ShippingChoice | null;
}

const euros = (cents: number) => cents / 100;

/** VAT inside a gross amount at `rate` percent, in cents. */
function vatIn(grossCents: number, rate: number): number {
  return rate > 0 ? Math.round((grossCents * rate) / (100 + rate)) : 0;
}

/** Splits `total` cents over `weights` in proportion, exactly (largest remainder, ties to the first). */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const raw = weights.map((w) => (total * w) / sum);
  const out = raw.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = raw
    .map((r, i) => ({ i, frac: r - Math.floor(r) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/** The discount in cents the rules give on `subtotalCents`, applied one after the other. */
export function discountCents(rules: readonly DiscountRule[], subtotalCents: number): number {
  let discount = 0;
  for (const rule of rules) {
    const remaining = subtotalCents - discount;
    if (remaining <= 0) break;
    if (rule.action === "by_percent")
      discount += Math.min(remaining, Math.round((remaining * rule.discountAmount) / 100));
    else if (rule.action === "by_fixed") discount += Math.min(remaining, toCents(rule.discountAmount));
  }
  return discount;
}

export function computeTotals(input: TotalsInput): CartTotals {
  const lines = input.lines.map((line) => {
    const qty = countedQty(line.qty);
    const parts = line.parts.map((p) => ({
      rate: p.rate,
      unitCents: toCents(p.unitInclTax),
      grossCents: toCents(p.unitInclTax) * qty,
    }));
    return { line, qty, parts };
  });
  const flat = lines.flatMap((l) => l.parts);
  const subtotalCents = flat.reduce((sum, p) => sum + p.grossCents, 0);
  const discount = discountCents(input.rules, subtotalCents);
  const shares = allocate(
    discount,
    flat.map((p) => p.grossCents),
  );

  const taxByRate = new Map<number, number>();
  const addTax = (rate: number, cents: number) => {
    if (rate > 0) taxByRate.set(rate, (taxByRate.get(rate) ?? 0) + cents);
  };
  let shareIndex = 0;
  let subtotalNetCents = 0;
  const items: TotalsItem[] = lines.map(({ line, qty, parts }) => {
    let gross = 0;
    let unit = 0;
    let taxBefore = 0;
    let taxAfter = 0;
    let share = 0;
    for (const part of parts) {
      const partShare = shares[shareIndex++] ?? 0;
      gross += part.grossCents;
      unit += part.unitCents;
      taxBefore += vatIn(part.grossCents, part.rate);
      const tax = vatIn(part.grossCents - partShare, part.rate);
      taxAfter += tax;
      share += partShare;
      addTax(part.rate, tax);
    }
    const net = gross - taxBefore;
    subtotalNetCents += net;
    return {
      item_id: line.item_id,
      sku: line.sku,
      name: line.name,
      qty,
      price: qty > 0 ? Math.round(net / qty) / 100 : 0,
      price_incl_tax: euros(unit),
      row_total: euros(net),
      row_total_incl_tax: euros(gross),
      row_total_with_discount: euros(gross - share),
      tax_amount: euros(taxAfter),
      tax_percent: parts[0]?.rate ?? 0,
      discount_amount: euros(share),
      options: line.options,
    };
  });

  const freeShipping = input.rules.some((r) => r.freeShipping || r.action === "free_shipping");
  const shipping = input.shipping ?? null;
  const shippingCents = shipping && !freeShipping ? toCents(shipping.priceInclTax) : 0;
  const shippingTax = vatIn(shippingCents, SHIPPING_TAX_RATE);
  addTax(SHIPPING_TAX_RATE, shippingTax);

  const taxCents = [...taxByRate.values()].reduce((a, b) => a + b, 0);
  const grandCents = subtotalCents - discount + shippingCents;
  const codes = input.rules.map((r) => r.code);
  const rates = [...taxByRate.entries()].filter(([, cents]) => cents !== 0).sort(([a], [b]) => b - a);

  const segments: TotalSegment[] = [{ code: "subtotal", title: "Subtotaal", value: euros(subtotalCents) }];
  if (shipping) {
    segments.push({
      code: "shipping",
      title: `Verzendkosten (${shipping.title})`,
      value: euros(shippingCents),
    });
  }
  if (discount > 0) {
    const labels = input.rules.map((r) => r.code).join(", ");
    segments.push({ code: "discount", title: `Korting (${labels})`, value: -euros(discount) });
  }
  segments.push({
    code: "tax",
    title: "Btw",
    value: euros(taxCents),
    extension_attributes: {
      tax_grandtotal_details: rates.map(([rate, cents], i) => ({
        amount: euros(cents),
        rates: [{ percent: String(rate), title: `Btw ${rate}%` }],
        group_id: i + 1,
      })),
    },
  });
  segments.push({ code: "grand_total", title: "Totaal", value: euros(grandCents) });

  return {
    grand_total: euros(grandCents),
    base_grand_total: euros(grandCents),
    subtotal: euros(subtotalNetCents),
    base_subtotal: euros(subtotalNetCents),
    subtotal_incl_tax: euros(subtotalCents),
    subtotal_with_discount: euros(subtotalCents - discount),
    discount_amount: discount === 0 ? 0 : -euros(discount),
    base_discount_amount: discount === 0 ? 0 : -euros(discount),
    shipping_amount: euros(shippingCents - shippingTax),
    shipping_incl_tax: euros(shippingCents),
    shipping_tax_amount: euros(shippingTax),
    tax_amount: euros(taxCents),
    coupon_code: codes.length > 0 ? codes.join(",") : null,
    items_qty: lines.reduce((sum, l) => sum + l.qty, 0),
    items_count: lines.length,
    quote_currency_code: STORE.currencyCode,
    base_currency_code: STORE.currencyCode,
    items,
    total_segments: segments,
  };
}
