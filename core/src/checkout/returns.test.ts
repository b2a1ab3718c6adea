import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyReturnAction,
  decideReturnAction,
  decideReturnRequest,
  orderOfReturn,
  RETURN_CONDITIONS,
  RETURN_REASONS,
  RETURN_STATUSES,
  RETURN_WINDOW_DAYS,
  type ReturnAction,
  type ReturnFacts,
  type ReturnOrderFacts,
  returnableLines,
  returnableUnits,
  returnNumber,
  returnWindow,
  unitsHeld,
} from "./returns.ts";

const DAY = 86_400_000;
const delivered = new Date("2026-11-01T10:00:00Z");
const at = (days: number) => new Date(delivered.getTime() + days * DAY);

const order = (over: Partial<ReturnOrderFacts> = {}): ReturnOrderFacts => ({
  deliveredAt: delivered,
  lines: [
    { id: 1, kind: "goods", shipped: 2, inReturns: 0, refunded: 0 },
    { id: 2, kind: "goods", shipped: 1, inReturns: 0, refunded: 0 },
    { id: 3, kind: "gift_card", shipped: 1, inReturns: 0, refunded: 0 },
  ],
  ...over,
});

describe("the return window", () => {
  it("is open for 30 days from delivery, to the millisecond, and never before delivery", () => {
    expect(RETURN_WINDOW_DAYS).toBe(30);
    expect(returnWindow(delivered, at(30))).toMatchObject({ open: true });
    expect(returnWindow(delivered, new Date(at(30).getTime() + 1))).toMatchObject({
      open: false,
      refusal: "windowPassed",
    });
    expect(returnWindow(null, at(1))).toEqual({ open: false, refusal: "notDelivered", until: null });
  });
});

describe("returnable lines", () => {
  it("says per line how many units may go back, or why none", () => {
    const facts = order({
      lines: [
        { id: 1, kind: "goods", shipped: 2, inReturns: 1, refunded: 0 },
        { id: 2, kind: "goods", shipped: 1, inReturns: 1, refunded: 0 },
        { id: 3, kind: "gift_card", shipped: 1, inReturns: 0, refunded: 0 },
        { id: 4, kind: "goods", shipped: 0, inReturns: 0, refunded: 0 },
        { id: 5, kind: "goods", shipped: 2, inReturns: 0, refunded: 2 },
        { id: 6, kind: "digital", shipped: 1, inReturns: 0, refunded: 0 },
      ],
    });
    expect(returnableLines(facts, at(3))).toEqual([
      { id: 1, returnable: 1 },
      { id: 2, returnable: 0, refusal: "alreadyReturned" },
      { id: 3, returnable: 0, refusal: "giftCard" },
      { id: 4, returnable: 0, refusal: "notShipped" },
      { id: 5, returnable: 0, refusal: "refunded" },
      { id: 6, returnable: 0, refusal: "digital" },
    ]);
  });

  it("gives the window's refusal to every line of goods once it has passed or before delivery", () => {
    expect(returnableLines(order(), at(31)).map((l) => l.refusal)).toEqual([
      "windowPassed",
      "windowPassed",
      "giftCard",
    ]);
    expect(returnableLines(order({ deliveredAt: null }), at(0))[0]).toEqual({
      id: 1,
      returnable: 0,
      refusal: "notDelivered",
    });
  });
});

describe("asking a return", () => {
  it("takes lines within what is left, each once, with a reason", () => {
    expect(
      decideReturnRequest(
        order(),
        [
          { id: 1, qty: 2, reason: "too_small" },
          { id: 2, qty: 0, reason: "other" },
        ],
        at(5),
      ),
    ).toEqual({ ok: true, lines: [{ id: 1, qty: 2, reason: "too_small" }] });
  });

  it("refuses too many units, a gift card, unknown and repeated lines, nothing at all, a closed window", () => {
    const ask = (lines: { id: number; qty: number }[], now = at(5), facts = order()) =>
      decideReturnRequest(
        facts,
        lines.map((l) => ({ ...l, reason: "other" as const })),
        now,
      );
    expect(ask([{ id: 1, qty: 3 }])).toMatchObject({
      ok: false,
      code: 409,
      refusal: "tooMany",
      params: { id: 1, left: 2 },
      field: "body.lines[0].qty",
    });
    expect(ask([{ id: 3, qty: 1 }])).toMatchObject({
      code: 409,
      refusal: "giftCard",
      field: "body.lines[0].id",
    });
    expect(ask([{ id: 9, qty: 1 }])).toMatchObject({ code: 400, refusal: "unknownLine" });
    expect(
      ask([
        { id: 1, qty: 1 },
        { id: 1, qty: 1 },
      ]),
    ).toMatchObject({ code: 400, refusal: "duplicateLine", field: "body.lines[1].id" });
    expect(ask([{ id: 1, qty: 0 }])).toMatchObject({ code: 400, refusal: "noLines", field: "body.lines" });
    expect(ask([{ id: 1, qty: 1 }], at(40))).toMatchObject({ code: 409, refusal: "windowPassed" });
    expect(ask([{ id: 1, qty: 1 }], at(1), order({ deliveredAt: null }))).toMatchObject({
      code: 409,
      refusal: "notDelivered",
    });
  });
});

describe("a return's states", () => {
  const asked = (): ReturnFacts => ({
    status: "requested",
    lines: [
      { id: 10, units: 2, received: null },
      { id: 11, units: 1, received: null },
    ],
  });

  it("receives per line (restocking only what is as new), refunds the received units, settles", () => {
    const first = decideReturnAction(asked(), {
      kind: "receive",
      lines: [{ id: 10, units: 2, condition: "as_new" }],
    });
    expect(first).toEqual({
      ok: true,
      kind: "receive",
      lines: [{ id: 10, units: 2, condition: "as_new", restock: 2 }],
      status: "received",
    });
    const partly = applyReturnAction(asked(), first);
    const second = decideReturnAction(partly, {
      kind: "receive",
      lines: [{ id: 11, units: 1, condition: "damaged" }],
    });
    expect(second).toMatchObject({ ok: true, lines: [{ restock: 0 }] });
    const whole = applyReturnAction(partly, second);
    expect(decideReturnAction(whole, { kind: "refund" })).toEqual({
      ok: true,
      kind: "refund",
      lines: [
        { id: 10, units: 2 },
        { id: 11, units: 1 },
      ],
      status: "refunding",
    });
    const refunding = { ...whole, status: "refunding" as const };
    expect(decideReturnAction(refunding, { kind: "refund" })).toMatchObject({ ok: false, refusal: "state" });
    expect(decideReturnAction(refunding, { kind: "settle", success: false })).toMatchObject({
      status: "received",
    });
    expect(decideReturnAction(refunding, { kind: "settle", success: true })).toMatchObject({
      status: "refunded",
    });
  });

  it("refuses a line received twice, more units than asked, a refund before anything arrived", () => {
    const partly = applyReturnAction(
      asked(),
      decideReturnAction(asked(), { kind: "receive", lines: [{ id: 10, units: 0, condition: "as_new" }] }),
    );
    expect(
      decideReturnAction(partly, { kind: "receive", lines: [{ id: 10, units: 1, condition: "as_new" }] }),
    ).toMatchObject({ ok: false, code: 409, refusal: "alreadyReceived" });
    expect(
      decideReturnAction(asked(), { kind: "receive", lines: [{ id: 11, units: 2, condition: "used" }] }),
    ).toMatchObject({ ok: false, refusal: "tooMany", params: { left: 1 }, field: "body.lines[0].units" });
    expect(decideReturnAction(asked(), { kind: "refund" })).toMatchObject({ ok: false, refusal: "state" });
    expect(decideReturnAction(partly, { kind: "refund" })).toMatchObject({
      ok: false,
      refusal: "nothingReceived",
    });
  });

  it("ends with refunded or rejected, from which nothing moves", () => {
    for (const status of ["refunded", "rejected"] as const)
      for (const action of [
        { kind: "receive", lines: [{ id: 10, units: 1, condition: "as_new" }] },
        { kind: "refund" },
        { kind: "reject" },
        { kind: "settle", success: true },
      ] satisfies ReturnAction[])
        expect(decideReturnAction({ ...asked(), status }, action)).toMatchObject({
          ok: false,
          refusal: "state",
        });
  });
});

describe("return numbers", () => {
  it("carry their order's number", () => {
    expect(returnNumber("100000123", 2)).toBe("R100000123-2");
    expect(orderOfReturn("R100000123-2")).toBe("100000123");
    expect(orderOfReturn("100000123-2")).toBeNull();
  });
});

describe("properties", () => {
  const line = fc.record({
    id: fc.integer({ min: 1, max: 6 }),
    kind: fc.constantFrom("goods", "goods", "gift_card", "digital") as fc.Arbitrary<
      "goods" | "gift_card" | "digital"
    >,
    shipped: fc.integer({ min: 0, max: 5 }),
    inReturns: fc.integer({ min: 0, max: 5 }),
    refunded: fc.integer({ min: 0, max: 5 }),
  });
  const facts = fc.record({
    deliveredAt: fc.option(fc.constant(delivered), { nil: null }),
    lines: fc.uniqueArray(line, { selector: (l) => l.id, maxLength: 5 }),
  });
  const asks = fc.array(
    fc.record({
      id: fc.integer({ min: 1, max: 7 }),
      qty: fc.integer({ min: 0, max: 6 }),
      reason: fc.constantFrom(...RETURN_REASONS),
    }),
    { maxLength: 6 },
  );

  it("an accepted return never asks more than was shipped less what is held, and only inside the window", () => {
    fc.assert(
      fc.property(facts, asks, fc.integer({ min: -5, max: 40 }), (f, asked, day) => {
        const now = at(day);
        const decision = decideReturnRequest(f, asked, now);
        if (!decision.ok) return;
        expect(returnWindow(f.deliveredAt, now).open).toBe(true);
        for (const l of decision.lines) {
          const orderLine = f.lines.find((o) => o.id === l.id)!;
          expect(orderLine.kind).toBe("goods");
          expect(l.qty).toBeGreaterThan(0);
          expect(l.qty).toBeLessThanOrEqual(returnableUnits(orderLine));
          expect(orderLine.inReturns + orderLine.refunded + l.qty).toBeLessThanOrEqual(orderLine.shipped);
        }
        // Asking again for all that was just taken, counted as held, leaves nothing of those lines.
        const after: ReturnOrderFacts = {
          ...f,
          lines: f.lines.map((o) => ({
            ...o,
            inReturns: o.inReturns + (decision.lines.find((l) => l.id === o.id)?.qty ?? 0),
          })),
        };
        for (const l of decision.lines) {
          const left = returnableLines(after, now).find((r) => r.id === l.id)!;
          const before = returnableLines(f, now).find((r) => r.id === l.id)!;
          expect(left.returnable).toBe(before.returnable - l.qty);
        }
      }),
    );
  });

  it("any sequence of staff actions keeps received units within those asked and ends only in a final state", () => {
    const action: fc.Arbitrary<ReturnAction> = fc.oneof(
      fc.record({
        kind: fc.constant("receive" as const),
        lines: fc.array(
          fc.record({
            id: fc.integer({ min: 1, max: 3 }),
            units: fc.integer({ min: 0, max: 4 }),
            condition: fc.constantFrom(...RETURN_CONDITIONS),
          }),
          { maxLength: 3 },
        ),
      }),
      fc.constant({ kind: "refund" as const }),
      fc.constant({ kind: "reject" as const }),
      fc.record({ kind: fc.constant("settle" as const), success: fc.boolean() }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
        fc.array(action, { maxLength: 12 }),
        (units, actions) => {
          let r: ReturnFacts = {
            status: "requested",
            lines: units.map((u, i) => ({ id: i + 1, units: u, received: null })),
          };
          let restocked = 0;
          for (const a of actions) {
            const before = r.status;
            const d = decideReturnAction(r, a);
            if (d.ok && d.kind === "receive") restocked += d.lines.reduce((s, l) => s + l.restock, 0);
            r = applyReturnAction(r, d);
            if (before === "refunded" || before === "rejected") expect(r.status).toBe(before);
            expect(RETURN_STATUSES).toContain(r.status);
          }
          for (const l of r.lines) {
            expect(l.received ?? 0).toBeLessThanOrEqual(l.units);
            expect(unitsHeld(r.status, l)).toBeLessThanOrEqual(l.units);
          }
          expect(restocked).toBeLessThanOrEqual(r.lines.reduce((s, l) => s + (l.received ?? 0), 0));
        },
      ),
    );
  });
});
