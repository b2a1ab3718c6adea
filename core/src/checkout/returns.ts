import { SHOP_COMPANY, WITHDRAWAL_DAYS } from "./company.ts";

/**
 * Returns (issue 25 item 3, docs/decisions/0049): which units of a delivered order a shopper may
 * send back and why others may not, and what staff may do with a return once it is asked —
 * receive it (per line, with the parcel's condition), refund it, or reject it. One pure decision
 * per step; the server locks the order (or the return), asks here, and writes what the answer says.
 */

/** The shop's promise, "30 dagen gratis retourneren": days from delivery. One number with the terms'. */
export const RETURN_WINDOW_DAYS = WITHDRAWAL_DAYS;

const DAY_MS = 86_400_000;

/**
 * Why a shopper sends something back. Each code's English dictionary key is written where it is
 * shown, as a literal `t()` call (the shop's pages do not carry these words):
 * too_small "Too small", too_big "Too big", not_as_expected "Not as expected",
 * damaged "Damaged or faulty", wrong_item "Wrong item received", changed_mind "Changed my mind",
 * other "Another reason".
 */
export const RETURN_REASONS = [
  "too_small",
  "too_big",
  "not_as_expected",
  "damaged",
  "wrong_item",
  "changed_mind",
  "other",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/**
 * What staff find in the parcel, per line: as new goes back on the shelf; damaged or worn does not
 * (keys "As new", "Damaged", "Worn or used").
 */
export const RETURN_CONDITIONS = ["as_new", "damaged", "used"] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

export function restocks(condition: ReturnCondition): boolean {
  return condition === "as_new";
}

/**
 * A return's life: `requested` by the shopper; `received` once staff record any line of the parcel
 * (further lines may follow); `refunding` while the refund of the received units waits for the
 * payment provider's notification, which makes it `refunded` (or, failed, `received` again);
 * `rejected` by staff with a reason. `refunded` and `rejected` are final.
 */
export const RETURN_STATUSES = ["requested", "received", "refunding", "refunded", "rejected"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** What a line of the order is: goods in a parcel, a gift card, or a download. */
export type ReturnLineKind = "goods" | "gift_card" | "digital";

export interface ReturnOrderLine {
  id: number;
  kind: ReturnLineKind;
  shipped: number;
  /** Units in the order's returns that are not rejected (a refunded one: the units received). */
  inReturns: number;
  /** Units refunded (or being refunded) other than through a return. */
  refunded: number;
}

export interface ReturnOrderFacts {
  /** When the last parcel arrived; null until the order is marked delivered. */
  deliveredAt: Date | null;
  lines: ReturnOrderLine[];
}

/** Why an order, or a line of it, cannot be returned. */
export type ReturnRefusal =
  | "notDelivered"
  | "windowPassed"
  | "giftCard"
  | "digital"
  | "notShipped"
  | "alreadyReturned"
  | "refunded"
  | "noLines"
  | "unknownLine"
  | "duplicateLine"
  | "tooMany";

/** The last moment a return may be asked: the delivery plus the window. */
export function returnDeadline(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS);
}

/** Whether the order as a whole may be returned at `now`: delivered, and within the window. */
export function returnWindow(
  deliveredAt: Date | null,
  now: Date,
):
  | { open: true; until: Date }
  | { open: false; refusal: "notDelivered" | "windowPassed"; until: Date | null } {
  if (!deliveredAt) return { open: false, refusal: "notDelivered", until: null };
  const until = returnDeadline(deliveredAt);
  return now.getTime() <= until.getTime()
    ? { open: true, until }
    : { open: false, refusal: "windowPassed", until };
}

/** Units of the line the shopper may still send back: shipped, less those in returns or refunded. */
export function returnableUnits(line: ReturnOrderLine): number {
  if (line.kind !== "goods") return 0;
  return Math.max(0, line.shipped - line.inReturns - line.refunded);
}

export interface ReturnableLine {
  id: number;
  returnable: number;
  /** Why nothing of this line can be returned; absent when some can. */
  refusal?: ReturnRefusal;
}

/** Each line with what may be returned of it, or why nothing may (the order's window first). */
export function returnableLines(facts: ReturnOrderFacts, now: Date): ReturnableLine[] {
  const window = returnWindow(facts.deliveredAt, now);
  return facts.lines.map((line) => {
    if (line.kind === "gift_card") return { id: line.id, returnable: 0, refusal: "giftCard" };
    if (line.kind === "digital") return { id: line.id, returnable: 0, refusal: "digital" };
    if (!window.open) return { id: line.id, returnable: 0, refusal: window.refusal };
    const units = returnableUnits(line);
    if (units > 0) return { id: line.id, returnable: units };
    if (line.shipped === 0) return { id: line.id, returnable: 0, refusal: "notShipped" };
    if (line.inReturns > 0) return { id: line.id, returnable: 0, refusal: "alreadyReturned" };
    return { id: line.id, returnable: 0, refusal: "refunded" };
  });
}

export interface ReturnAsk {
  id: number;
  qty: number;
  reason: ReturnReason;
}

export type ReturnRequestDecision =
  | { ok: true; lines: ReturnAsk[] }
  | {
      ok: false;
      code: 400 | 409;
      refusal: ReturnRefusal;
      params?: Record<string, string | number>;
      field?: string;
    };

const refuse = (
  code: 400 | 409,
  refusal: ReturnRefusal,
  params?: Record<string, string | number>,
  field?: string,
): Extract<ReturnRequestDecision, { ok: false }> => ({
  ok: false,
  code,
  refusal,
  ...(params ? { params } : {}),
  ...(field ? { field } : {}),
});

/** Whether the shopper may return these units now, each line at most once and at most what is left. */
export function decideReturnRequest(
  facts: ReturnOrderFacts,
  asked: ReturnAsk[],
  now: Date,
): ReturnRequestDecision {
  const window = returnWindow(facts.deliveredAt, now);
  if (!window.open) return refuse(409, window.refusal);
  const wanted = asked.filter((a) => a.qty > 0);
  if (wanted.length === 0) return refuse(400, "noLines", undefined, "body.lines");
  const lines = new Map(returnableLines(facts, now).map((l) => [l.id, l]));
  const seen = new Set<number>();
  for (const [i, a] of asked.entries()) {
    if (a.qty === 0) continue;
    const line = lines.get(a.id);
    if (!line) return refuse(400, "unknownLine", { id: a.id }, `body.lines[${i}].id`);
    if (seen.has(a.id)) return refuse(400, "duplicateLine", { id: a.id }, `body.lines[${i}].id`);
    seen.add(a.id);
    if (line.refusal) return refuse(409, line.refusal, { id: a.id }, `body.lines[${i}].id`);
    if (a.qty > line.returnable)
      return refuse(409, "tooMany", { id: a.id, left: line.returnable }, `body.lines[${i}].qty`);
  }
  return { ok: true, lines: wanted };
}

/** The units a return line holds back from further returns: all asked, once refunded those received. */
export function unitsHeld(status: ReturnStatus, line: { units: number; received: number | null }): number {
  if (status === "rejected") return 0;
  if (status === "refunded") return line.received ?? 0;
  return line.units;
}

export interface ReturnLineFacts {
  id: number;
  units: number;
  /** Units staff found in the parcel; null until the line is received. */
  received: number | null;
}

export interface ReturnFacts {
  status: ReturnStatus;
  lines: ReturnLineFacts[];
}

export interface ReceiveLine {
  id: number;
  units: number;
  condition: ReturnCondition;
}

export type ReturnAction =
  | { kind: "receive"; lines: ReceiveLine[] }
  | { kind: "refund" }
  | { kind: "reject" }
  /** The payment provider's notification of the refund: success or not. */
  | { kind: "settle"; success: boolean };

/** Why staff may not do this to the return. */
export type ReturnActionRefusal =
  | "state"
  | "unknownLine"
  | "duplicateLine"
  | "alreadyReceived"
  | "tooMany"
  | "noLines"
  | "nothingReceived";

export type ReturnActionDecision =
  | { ok: true; kind: "receive"; lines: (ReceiveLine & { restock: number })[]; status: ReturnStatus }
  | { ok: true; kind: "refund"; lines: { id: number; units: number }[]; status: ReturnStatus }
  | { ok: true; kind: "reject"; status: ReturnStatus }
  | { ok: true; kind: "settle"; status: ReturnStatus }
  | {
      ok: false;
      code: 400 | 409;
      refusal: ReturnActionRefusal;
      params?: Record<string, string | number>;
      field?: string;
    };

/** The states each action may start from: the one place a return's moves are written down. */
export const RETURN_MOVES: Readonly<Record<ReturnAction["kind"], readonly ReturnStatus[]>> = {
  receive: ["requested", "received"],
  refund: ["received"],
  reject: ["requested", "received"],
  settle: ["refunding"],
};

const refuseAction = (
  code: 400 | 409,
  refusal: ReturnActionRefusal,
  params?: Record<string, string | number>,
  field?: string,
): ReturnActionDecision => ({
  ok: false,
  code,
  refusal,
  ...(params ? { params } : {}),
  ...(field ? { field } : {}),
});

/** Whether staff (or the provider's notification) may do `action` to the return, and what follows. */
export function decideReturnAction(facts: ReturnFacts, action: ReturnAction): ReturnActionDecision {
  if (!RETURN_MOVES[action.kind].includes(facts.status))
    return refuseAction(409, "state", { action: action.kind, status: facts.status });
  switch (action.kind) {
    case "receive": {
      if (action.lines.length === 0) return refuseAction(400, "noLines", undefined, "body.lines");
      const byId = new Map(facts.lines.map((l) => [l.id, l]));
      const seen = new Set<number>();
      for (const [i, a] of action.lines.entries()) {
        const line = byId.get(a.id);
        if (!line) return refuseAction(400, "unknownLine", { id: a.id }, `body.lines[${i}].id`);
        if (seen.has(a.id)) return refuseAction(400, "duplicateLine", { id: a.id }, `body.lines[${i}].id`);
        seen.add(a.id);
        if (line.received !== null)
          return refuseAction(409, "alreadyReceived", { id: a.id }, `body.lines[${i}].id`);
        if (a.units > line.units)
          return refuseAction(409, "tooMany", { id: a.id, left: line.units }, `body.lines[${i}].units`);
      }
      return {
        ok: true,
        kind: "receive",
        lines: action.lines.map((a) => ({ ...a, restock: restocks(a.condition) ? a.units : 0 })),
        status: "received",
      };
    }
    case "refund": {
      const lines = facts.lines
        .filter((l) => (l.received ?? 0) > 0)
        .map((l) => ({ id: l.id, units: l.received! }));
      if (lines.length === 0) return refuseAction(409, "nothingReceived");
      return { ok: true, kind: "refund", lines, status: "refunding" };
    }
    case "reject":
      return { ok: true, kind: "reject", status: "rejected" };
    case "settle":
      return { ok: true, kind: "settle", status: action.success ? "refunded" : "received" };
  }
}

/** The return after a decision, as the server writes it. */
export function applyReturnAction(facts: ReturnFacts, decision: ReturnActionDecision): ReturnFacts {
  if (!decision.ok) return facts;
  if (decision.kind !== "receive") return { ...facts, status: decision.status };
  const by = new Map(decision.lines.map((l) => [l.id, l.units]));
  return {
    status: decision.status,
    lines: facts.lines.map((l) => (by.has(l.id) ? { ...l, received: by.get(l.id)! } : l)),
  };
}

/** A return's number: R, the order's number and the return's place among the order's returns. */
export function returnNumber(orderNumber: string, sequence: number): string {
  return `R${orderNumber}-${sequence}`;
}

/** The order number inside a return number, or null when it is no return number. */
export function orderOfReturn(number: string): string | null {
  return /^R(\d{1,20})-\d{1,4}$/.exec(number)?.[1] ?? null;
}

/** Where return parcels go: the shop's warehouse, on the label and in the mail. */
export function returnAddressLines(): string[] {
  return [
    `${SHOP_COMPANY.name} Retouren`,
    SHOP_COMPANY.street,
    `${SHOP_COMPANY.postcode} ${SHOP_COMPANY.city}`,
  ];
}
