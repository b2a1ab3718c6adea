import type { OrderState } from "./order-status.ts";

/**
 * What may be done to a placed order, and with how much (docs/decisions/0045): ship (whole or per
 * line), cancel before anything shipped, refund (whole, per line, the shipping), mark delivered.
 * One pure decision over the order's facts; the server locks the order, asks here, and writes what
 * the answer says. Refunds asked but not yet settled count as refunded, so nothing is asked twice.
 */

export const CARRIERS = ["postnl", "dhl", "dpd"] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The carrier's name as staff and shoppers read it. */
export const CARRIER_NAMES: Record<Carrier, string> = { postnl: "PostNL", dhl: "DHL", dpd: "DPD" };

/**
 * Where the parcel goes: the pick-up point's postcode for a pick-up order, else the shipping
 * address's. PostNL and DHL show a parcel only with the destination postcode.
 */
export interface Destination {
  postcode: string;
  countryId: string;
}

/** The carrier's public track-and-trace page for a parcel. */
export function trackingUrl(carrier: Carrier, code: string, to: Destination): string {
  const postcode = to.postcode.replace(/\s+/g, "").toUpperCase();
  const c = encodeURIComponent(code);
  switch (carrier) {
    case "postnl":
      return `https://jouw.postnl.nl/track-and-trace/${c}-${encodeURIComponent(to.countryId)}-${encodeURIComponent(postcode)}`;
    case "dhl":
      return `https://my.dhlecommerce.nl/home/tracktrace/${c}/${encodeURIComponent(postcode)}`;
    case "dpd":
      return `https://tracking.dpd.de/status/nl_NL/parcel/${c}`;
  }
}

/** A tracking number as carriers print them: letters and digits, 8 to 40. */
export function isTrackingNumber(value: string): boolean {
  return /^[A-Za-z0-9]{8,40}$/.test(value);
}

/**
 * The order's payment as fulfilment sees it: `offline` (cash on delivery: nothing at the
 * provider), `unpaid` (online, not authorised), `authorised` (the paying attempt),
 * `reversed` (cancelled or refunded in full at the provider).
 */
export type FulfilmentPayment = "offline" | "unpaid" | "authorised" | "reversed";

export const FULFILMENT_PAYMENTS: readonly FulfilmentPayment[] = [
  "offline",
  "unpaid",
  "authorised",
  "reversed",
];

export interface FulfilmentLine {
  id: number;
  qty: number;
  /** What the line cost, discount off, in cents. */
  amountCents: number;
  shipped: number;
  /** Refunded or being refunded. */
  refunded: number;
}

export interface FulfilmentFacts {
  status: OrderState;
  payment: FulfilmentPayment;
  /** What the paying attempt authorised, in cents (0 unless authorised or reversed). */
  paidCents: number;
  /** Refunded or being refunded, in cents. */
  refundedCents: number;
  /** A cancel (or reversal) of the payment is on its way: the order waits for its notification. */
  cancelling: boolean;
  shippingCents: number;
  shippingRefunded: boolean;
  delivered: boolean;
  lines: FulfilmentLine[];
}

export interface LineQty {
  id: number;
  qty: number;
}

export type FulfilmentAction =
  | { kind: "ship"; lines?: LineQty[] }
  | { kind: "cancel" }
  /** No lines and no shipping: all that is left. */
  | { kind: "refund"; lines?: LineQty[]; shipping?: boolean }
  | { kind: "deliver" };

/**
 * Why an action is refused. The server words each in Dutch (services/fulfilment/refusals.ts), so
 * the shop's browser dictionary does not carry the back office's messages.
 */
export type FulfilmentRefusal =
  | "state"
  | "unpaid"
  | "offline"
  | "cancelling"
  | "shipped"
  | "refunded"
  | "nothingToShip"
  | "nothingToRefund"
  | "delivered"
  | "unknownLine"
  | "tooMany"
  | "shippingRefunded"
  | "tooMuch";

export type FulfilmentDecision =
  | { ok: true; kind: "ship"; lines: LineQty[]; completes: boolean }
  /** `order`: cancelled at once (nothing at the provider); `payment`: its reversal is asked. */
  | { ok: true; kind: "cancel"; via: "order" | "payment" }
  | {
      ok: true;
      kind: "refund";
      lines: (LineQty & { amountCents: number })[];
      shipping: boolean;
      amountCents: number;
    }
  | { ok: true; kind: "deliver" }
  | {
      ok: false;
      code: 400 | 409;
      refusal: FulfilmentRefusal;
      params?: Record<string, string | number>;
      field?: string;
    };

const SHIPPABLE: readonly OrderState[] = ["processing", "export_failed", "export_success"];
const CANCELLABLE: readonly OrderState[] = ["pending", "processing", "export_failed"];
const REFUNDABLE: readonly OrderState[] = ["processing", "complete", "export_failed", "export_success"];

/** Units of the line still to ship: never one that was paid back. */
export function leftToShip(line: FulfilmentLine): number {
  return Math.max(0, line.qty - line.shipped - line.refunded);
}

export function leftToRefund(line: FulfilmentLine): number {
  return Math.max(0, line.qty - line.refunded);
}

/** What `qty` more units of a line cost after `done` were refunded: all units add up to the line. */
export function unitsAmount(line: Pick<FulfilmentLine, "qty" | "amountCents">, done: number, qty: number) {
  const upTo = (n: number) => Math.round((line.amountCents * n) / line.qty);
  return upTo(done + qty) - upTo(done);
}

const refuse = (
  code: 400 | 409,
  refusal: FulfilmentRefusal,
  params?: Record<string, string | number>,
  field?: string,
): FulfilmentDecision => ({
  ok: false,
  code,
  refusal,
  ...(params ? { params } : {}),
  ...(field ? { field } : {}),
});

const wrongState = (facts: FulfilmentFacts, action: FulfilmentAction) =>
  refuse(409, "state", { action: action.kind, status: facts.status });

/** Checks asked lines against the order: each known, once, at most what is left. */
function pickLines(
  facts: FulfilmentFacts,
  asked: LineQty[],
  left: (line: FulfilmentLine) => number,
): LineQty[] | FulfilmentDecision {
  const byId = new Map(facts.lines.map((l) => [l.id, l]));
  const want = new Map<number, number>();
  for (const [i, a] of asked.entries()) {
    const line = byId.get(a.id);
    if (!line) return refuse(400, "unknownLine", { id: a.id }, `body.lines[${i}].id`);
    want.set(a.id, (want.get(a.id) ?? 0) + a.qty);
    const available = left(line);
    if (want.get(a.id)! > available)
      return refuse(409, "tooMany", { id: a.id, left: available }, `body.lines[${i}].qty`);
  }
  return [...want.entries()].map(([id, qty]) => ({ id, qty }));
}

/** Whether `action` may be done to the order described by `facts`, and exactly what it does. */
export function decideFulfilment(facts: FulfilmentFacts, action: FulfilmentAction): FulfilmentDecision {
  switch (action.kind) {
    case "ship": {
      if (!SHIPPABLE.includes(facts.status)) return wrongState(facts, action);
      if (facts.cancelling) return refuse(409, "cancelling");
      if (facts.payment === "unpaid" || facts.payment === "reversed") return refuse(409, "unpaid");
      const asked = action.lines ?? facts.lines.map((l) => ({ id: l.id, qty: leftToShip(l) }));
      const picked = pickLines(
        facts,
        asked.filter((a) => action.lines || a.qty > 0),
        leftToShip,
      );
      if (!Array.isArray(picked)) return picked;
      if (picked.length === 0) return refuse(409, "nothingToShip");
      const shipping = new Map(picked.map((p) => [p.id, p.qty]));
      const completes = facts.lines.every((l) => leftToShip(l) - (shipping.get(l.id) ?? 0) === 0);
      return { ok: true, kind: "ship", lines: picked, completes };
    }
    case "cancel": {
      if (!CANCELLABLE.includes(facts.status)) return wrongState(facts, action);
      if (facts.cancelling) return refuse(409, "cancelling");
      if (facts.lines.some((l) => l.shipped > 0)) return refuse(409, "shipped");
      if (facts.payment === "offline" || facts.payment === "unpaid")
        return { ok: true, kind: "cancel", via: "order" };
      if (facts.payment === "reversed") return wrongState(facts, action);
      if (facts.refundedCents > 0) return refuse(409, "refunded");
      return { ok: true, kind: "cancel", via: "payment" };
    }
    case "refund": {
      if (!REFUNDABLE.includes(facts.status)) return wrongState(facts, action);
      if (facts.payment === "offline") return refuse(409, "offline");
      if (facts.payment !== "authorised") return refuse(409, "unpaid");
      if (facts.cancelling) return refuse(409, "cancelling");
      const remaining = facts.paidCents - facts.refundedCents;
      if (remaining <= 0) return refuse(409, "nothingToRefund");
      const whole = !action.lines?.length && !action.shipping;
      const asked = whole
        ? facts.lines.map((l) => ({ id: l.id, qty: leftToRefund(l) })).filter((l) => l.qty > 0)
        : (action.lines ?? []);
      const picked = pickLines(facts, asked, leftToRefund);
      if (!Array.isArray(picked)) return picked;
      const shipping = whole ? !facts.shippingRefunded && facts.shippingCents > 0 : action.shipping === true;
      if (shipping && facts.shippingRefunded && !whole)
        return refuse(409, "shippingRefunded", undefined, "body.shipping");
      const lines = picked.map((p) => {
        const line = facts.lines.find((l) => l.id === p.id)!;
        return { ...p, amountCents: unitsAmount(line, line.refunded, p.qty) };
      });
      const asks = lines.reduce((sum, l) => sum + l.amountCents, 0) + (shipping ? facts.shippingCents : 0);
      // All that is left is exactly what was paid less what was refunded, whatever the rounding.
      const amountCents = whole ? remaining : asks;
      if (amountCents > remaining) return refuse(409, "tooMuch");
      if (amountCents <= 0) return refuse(409, "nothingToRefund");
      return { ok: true, kind: "refund", lines, shipping, amountCents };
    }
    case "deliver": {
      if (facts.status !== "complete") return wrongState(facts, action);
      if (facts.delivered) return refuse(409, "delivered");
      return { ok: true, kind: "deliver" };
    }
  }
}

/**
 * The facts after a decision as the shop records it at once: a shipment counts, a refund is on its
 * way (counted), a cancel of an unpaid order cancels it, a payment's cancel waits for its
 * notification. What the notifications do later is `settleRefund` and `settleCancel`.
 */
export function applyFulfilment(facts: FulfilmentFacts, decision: FulfilmentDecision): FulfilmentFacts {
  if (!decision.ok) return facts;
  switch (decision.kind) {
    case "ship": {
      const by = new Map(decision.lines.map((l) => [l.id, l.qty]));
      return {
        ...facts,
        status: decision.completes ? "complete" : facts.status,
        lines: facts.lines.map((l) => ({ ...l, shipped: l.shipped + (by.get(l.id) ?? 0) })),
      };
    }
    case "cancel":
      return decision.via === "order" ? { ...facts, status: "canceled" } : { ...facts, cancelling: true };
    case "refund": {
      const by = new Map(decision.lines.map((l) => [l.id, l.qty]));
      return {
        ...facts,
        refundedCents: facts.refundedCents + decision.amountCents,
        shippingRefunded: facts.shippingRefunded || decision.shipping,
        lines: facts.lines.map((l) => ({ ...l, refunded: l.refunded + (by.get(l.id) ?? 0) })),
      };
    }
    case "deliver":
      return { ...facts, delivered: true };
  }
}
