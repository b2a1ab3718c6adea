import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyFulfilment,
  decideFulfilment,
  type FulfilmentAction,
  type FulfilmentFacts,
  leftToShip,
  trackingUrl,
  unitsAmount,
} from "./fulfilment.ts";
import { ORDER_STATUSES } from "./order-status.ts";

const paid = (over: Partial<FulfilmentFacts> = {}): FulfilmentFacts => ({
  status: "processing",
  payment: "authorised",
  paidCents: 10_495,
  refundedCents: 0,
  cancelling: false,
  shippingCents: 495,
  shippingRefunded: false,
  delivered: false,
  lines: [
    { id: 1, qty: 3, amountCents: 6_000, shipped: 0, refunded: 0 },
    { id: 2, qty: 1, amountCents: 4_000, shipped: 0, refunded: 0 },
  ],
  ...over,
});

describe("shipping an order", () => {
  it("ships all that is left unless lines are named; the last parcel completes the order", () => {
    const part = decideFulfilment(paid(), { kind: "ship", lines: [{ id: 1, qty: 2 }] });
    expect(part).toEqual({ ok: true, kind: "ship", lines: [{ id: 1, qty: 2 }], completes: false });
    const after = applyFulfilment(paid(), part);
    expect(decideFulfilment(after, { kind: "ship" })).toEqual({
      ok: true,
      kind: "ship",
      lines: [
        { id: 1, qty: 1 },
        { id: 2, qty: 1 },
      ],
      completes: true,
    });
  });

  it("refuses more than is left, an unknown line, an unpaid or cancelling order, and a closed one", () => {
    expect(decideFulfilment(paid(), { kind: "ship", lines: [{ id: 1, qty: 4 }] })).toMatchObject({
      ok: false,
      code: 409,
      refusal: "tooMany",
      field: "body.lines[0].qty",
    });
    expect(decideFulfilment(paid(), { kind: "ship", lines: [{ id: 9, qty: 1 }] })).toMatchObject({
      code: 400,
      refusal: "unknownLine",
    });
    expect(decideFulfilment(paid({ status: "pending", payment: "unpaid" }), { kind: "ship" })).toMatchObject({
      refusal: "state",
    });
    expect(decideFulfilment(paid({ cancelling: true }), { kind: "ship" })).toMatchObject({
      refusal: "cancelling",
    });
    expect(decideFulfilment(paid({ status: "closed" }), { kind: "ship" })).toMatchObject({
      refusal: "state",
    });
  });

  it("ships cash on delivery without a payment, and never a unit that was paid back", () => {
    expect(decideFulfilment(paid({ payment: "offline", paidCents: 0 }), { kind: "ship" })).toMatchObject({
      ok: true,
    });
    const refunded = paid({ lines: [{ id: 1, qty: 2, amountCents: 100, shipped: 0, refunded: 1 }] });
    expect(leftToShip(refunded.lines[0]!)).toBe(1);
  });
});

describe("cancelling an order", () => {
  it("cancels an unpaid or cash-on-delivery order at once, a paid one through its payment", () => {
    expect(decideFulfilment(paid({ status: "pending", payment: "unpaid" }), { kind: "cancel" })).toEqual({
      ok: true,
      kind: "cancel",
      via: "order",
    });
    expect(decideFulfilment(paid({ payment: "offline" }), { kind: "cancel" })).toMatchObject({
      via: "order",
    });
    expect(decideFulfilment(paid(), { kind: "cancel" })).toMatchObject({ via: "payment" });
  });

  it("refuses once something shipped or was refunded, and while a cancel is on its way", () => {
    const shipped = applyFulfilment(
      paid(),
      decideFulfilment(paid(), { kind: "ship", lines: [{ id: 2, qty: 1 }] }),
    );
    expect(decideFulfilment(shipped, { kind: "cancel" })).toMatchObject({ refusal: "shipped" });
    expect(decideFulfilment(paid({ refundedCents: 1 }), { kind: "cancel" })).toMatchObject({
      refusal: "refunded",
    });
    expect(decideFulfilment(paid({ cancelling: true }), { kind: "cancel" })).toMatchObject({
      refusal: "cancelling",
    });
    expect(decideFulfilment(paid({ status: "complete" }), { kind: "cancel" })).toMatchObject({
      refusal: "state",
    });
  });
});

describe("refunding an order", () => {
  it("refunds a line's units so that all of them add up to the line", () => {
    const line = { qty: 3, amountCents: 1_000 };
    expect([unitsAmount(line, 0, 1), unitsAmount(line, 1, 1), unitsAmount(line, 2, 1)]).toEqual([
      333, 334, 333,
    ]);
  });

  it("refunds per line and the shipping, then the whole rest exactly", () => {
    const first = decideFulfilment(paid(), { kind: "refund", lines: [{ id: 1, qty: 1 }], shipping: true });
    expect(first).toEqual({
      ok: true,
      kind: "refund",
      lines: [{ id: 1, qty: 1, amountCents: 2_000 }],
      shipping: true,
      amountCents: 2_495,
    });
    const after = applyFulfilment(paid(), first);
    expect(decideFulfilment(after, { kind: "refund", shipping: true })).toMatchObject({
      refusal: "shippingRefunded",
    });
    const rest = decideFulfilment(after, { kind: "refund" });
    expect(rest).toMatchObject({ ok: true, amountCents: 8_000, shipping: false });
    expect(decideFulfilment(applyFulfilment(after, rest), { kind: "refund" })).toMatchObject({
      refusal: "nothingToRefund",
    });
  });

  it("refuses an order paid on delivery, an unpaid one, and one being cancelled", () => {
    expect(decideFulfilment(paid({ payment: "offline" }), { kind: "refund" })).toMatchObject({
      refusal: "offline",
    });
    expect(decideFulfilment(paid({ payment: "unpaid" }), { kind: "refund" })).toMatchObject({
      refusal: "unpaid",
    });
    expect(decideFulfilment(paid({ cancelling: true }), { kind: "refund" })).toMatchObject({
      refusal: "cancelling",
    });
  });

  it("never asks more than was paid, whatever the lines say", () => {
    const discounted = paid({ paidCents: 5_000 });
    expect(decideFulfilment(discounted, { kind: "refund", lines: [{ id: 1, qty: 3 }] })).toMatchObject({
      refusal: "tooMuch",
    });
  });
});

describe("marking an order delivered", () => {
  it("is for a complete order, once", () => {
    expect(decideFulfilment(paid(), { kind: "deliver" })).toMatchObject({ refusal: "state" });
    expect(decideFulfilment(paid({ status: "complete" }), { kind: "deliver" })).toMatchObject({ ok: true });
    expect(
      decideFulfilment(paid({ status: "complete", delivered: true }), { kind: "deliver" }),
    ).toMatchObject({
      refusal: "delivered",
    });
  });
});

describe("track and trace", () => {
  it("links each carrier's page, with the postcode where the carrier asks for it", () => {
    const to = { postcode: "6211 cv", countryId: "NL" };
    expect(trackingUrl("postnl", "3SABCD1234567", to)).toBe(
      "https://jouw.postnl.nl/track-and-trace/3SABCD1234567-NL-6211CV",
    );
    expect(trackingUrl("dhl", "JVGL0123456789", to)).toBe(
      "https://my.dhlecommerce.nl/home/tracktrace/JVGL0123456789/6211CV",
    );
    expect(trackingUrl("dpd", "05212345678901", to)).toBe(
      "https://tracking.dpd.de/status/nl_NL/parcel/05212345678901",
    );
  });
});

const facts: fc.Arbitrary<FulfilmentFacts> = fc
  .record({
    status: fc.constantFrom(...ORDER_STATUSES),
    payment: fc.constantFrom("offline", "unpaid", "authorised", "reversed" as const),
    shippingCents: fc.integer({ min: 0, max: 995 }),
    lines: fc.array(
      fc.record({ qty: fc.integer({ min: 1, max: 5 }), amountCents: fc.integer({ min: 0, max: 20_000 }) }),
      { minLength: 1, maxLength: 4 },
    ),
    // A coupon on the whole order: what was paid may be less than the lines say.
    discount: fc.integer({ min: 0, max: 3_000 }),
  })
  .map(({ status, payment, shippingCents, lines, discount }) => {
    const sum = lines.reduce((s, l) => s + l.amountCents, 0) + shippingCents;
    return {
      status,
      payment,
      paidCents: payment === "authorised" ? Math.max(0, sum - discount) : 0,
      refundedCents: 0,
      cancelling: false,
      shippingCents,
      shippingRefunded: false,
      delivered: false,
      lines: lines.map((l, i) => ({ id: i + 1, ...l, shipped: 0, refunded: 0 })),
    };
  });

const lineQty = fc.array(
  fc.record({ id: fc.integer({ min: 1, max: 5 }), qty: fc.integer({ min: 1, max: 6 }) }),
  {
    maxLength: 3,
  },
);
const action: fc.Arbitrary<FulfilmentAction> = fc.oneof(
  fc.record({ kind: fc.constant("ship" as const), lines: fc.option(lineQty, { nil: undefined }) }),
  fc.constant({ kind: "cancel" as const }),
  fc.record({
    kind: fc.constant("refund" as const),
    lines: fc.option(lineQty, { nil: undefined }),
    shipping: fc.option(fc.boolean(), { nil: undefined }),
  }),
  fc.constant({ kind: "deliver" as const }),
);

describe("any sequence of actions", () => {
  it("never refunds more than was paid, nor ships or refunds more units than were ordered", () => {
    fc.assert(
      fc.property(facts, fc.array(action, { maxLength: 12 }), (start, actions) => {
        let now = start;
        for (const a of actions) {
          const decision = decideFulfilment(now, a);
          if (decision.ok && decision.kind === "refund") {
            expect(decision.amountCents).toBeGreaterThan(0);
            expect(now.payment).toBe("authorised");
          }
          if (decision.ok && (now.status === "canceled" || now.status === "closed"))
            throw new Error("acted on an ended order");
          now = applyFulfilment(now, decision);
          expect(now.refundedCents).toBeLessThanOrEqual(now.paidCents);
          for (const line of now.lines) {
            expect(line.shipped).toBeLessThanOrEqual(line.qty);
            expect(line.refunded).toBeLessThanOrEqual(line.qty);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("refunds exactly what was paid when everything is refunded line by line and then the rest", () => {
    fc.assert(
      fc.property(facts, (start) => {
        let now: FulfilmentFacts = { ...start, status: "processing", payment: "authorised" };
        now = { ...now, paidCents: now.lines.reduce((s, l) => s + l.amountCents, 0) + now.shippingCents };
        for (const line of now.lines)
          for (let unit = 0; unit < line.qty; unit++)
            now = applyFulfilment(
              now,
              decideFulfilment(now, { kind: "refund", lines: [{ id: line.id, qty: 1 }] }),
            );
        now = applyFulfilment(now, decideFulfilment(now, { kind: "refund" }));
        expect(now.refundedCents).toBe(now.paidCents);
      }),
    );
  });
});
