import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLUE, M, RED, S, shirtParent } from "./test-products.ts";
import { isCompletelyPicked, pickByShopper } from "./variant-options.ts";

describe("pickByShopper (issue 14: a colour choice does not choose a size)", () => {
  it("a colour alone shows the best match but leaves the size unpicked", () => {
    const choice = pickByShopper(shirtParent, {}, "color", BLUE);
    expect(choice.variant?.sku).toBe("SH-BLUE-M");
    expect(choice.picked).toEqual({ color: BLUE });
    expect(choice.complete).toBe(false);
  });

  it("colour then size is complete and the variant is that exact child", () => {
    const colour = pickByShopper(shirtParent, {}, "color", BLUE);
    const size = pickByShopper(shirtParent, colour.picked, "size", S);
    expect(size.variant?.sku).toBe("SH-BLUE-S");
    expect(size.picked).toEqual({ color: BLUE, size: S });
    expect(size.complete).toBe(true);
  });

  it("a colour without the picked size lets that size go: the shopper picks again", () => {
    // RED-M is sold out: red with M keeps red and drops M.
    const choice = pickByShopper(shirtParent, { color: BLUE, size: M }, "color", RED);
    expect(choice.variant?.sku).toBe("SH-RED-S");
    expect(choice.picked).toEqual({ color: RED });
    expect(choice.complete).toBe(false);
  });

  it("a size only one colour has picks that colour too (issue 23, item 14)", () => {
    // M: blue only (red M is sold out).
    const choice = pickByShopper(shirtParent, {}, "size", M);
    expect(choice.picked).toEqual({ size: M, color: BLUE });
    expect(choice.variant?.sku).toBe("SH-BLUE-M");
    expect(choice.complete).toBe(true);
    // S: blue and red, so the colour stays the shopper's to choose.
    expect(pickByShopper(shirtParent, {}, "size", S).picked).toEqual({ size: S });
  });

  it("a colour with one size left never picks the size: the fit is the shopper's", () => {
    // Red has only S eligible (M sold out, L disabled).
    expect(pickByShopper(shirtParent, {}, "color", RED).picked).toEqual({ color: RED });
  });

  it("property: a size is only ever the shopper's, a colour theirs or the only one with it, and complete means all options", () => {
    const values = { color: [BLUE, RED], size: [S, M, "169"] } as const;
    const pickArb = fc.constantFrom(
      ...values.color.map((v) => ["color", v] as const),
      ...values.size.map((v) => ["size", v] as const),
    );
    fc.assert(
      fc.property(fc.array(pickArb, { maxLength: 8 }), (picks) => {
        let picked: Record<string, string> = {};
        const history: Array<readonly [string, string]> = [];
        for (const [code, value] of picks) {
          const choice = pickByShopper(shirtParent, picked, code, value);
          if (!choice.variant) continue;
          history.push([code, value]);
          const before = picked;
          picked = choice.picked;
          expect(picked[code]).toBe(value);
          for (const [c, v] of Object.entries(picked)) {
            if (c === code || before[c] === v) continue;
            // A value the shopper did not pick just now: only blue, the one colour with an eligible M.
            expect([c, v, picked.size]).toEqual(["color", BLUE, M]);
          }
          expect(choice.complete).toBe(isCompletelyPicked(shirtParent, picked));
          expect(choice.complete).toBe("color" in picked && "size" in picked);
        }
      }),
    );
  });
});
