import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLUE, child, L, M, RED, S, shirtParent, shirts } from "./test-products.ts";
import {
  chooseVariant,
  isVariantAvailable,
  NO_AVAILABLE_VARIANTS,
  NO_SUCH_CONFIGURATION,
} from "./variants.ts";

const children = shirts;
const parent = shirtParent;

const skuOf = (choice: ReturnType<typeof chooseVariant>) => choice.variant?.sku ?? null;

describe("chooseVariant (browsing §4 Variant choice)", () => {
  it.each<[string, Record<string, unknown>, object, string | null]>([
    ["a full match by { id }", { color: { id: RED }, size: { id: S } }, {}, "SH-RED-S"],
    ["a full match by bare values", { color: BLUE, size: S }, {}, "SH-BLUE-S"],
    ["a full match by { value } and numbers", { color: { value: 50 }, size: 167 }, {}, "SH-RED-S"],
    ["the best match wins; ties go to the lower price", { color: BLUE }, {}, "SH-BLUE-M"],
    ["an empty configuration takes the cheapest child", {}, {}, "SH-BLUE-M"],
    ["null and empty entries are not configured", { color: null, size: "" }, {}, "SH-BLUE-M"],
    ["a list of values accepts any of them", { color: [RED, BLUE], size: S }, {}, "SH-RED-S"],
    ["price is not an attribute", { color: RED, price: "10-20" }, {}, "SH-RED-S"],
    [
      "an out-of-stock child is skipped; of two half matches the cheaper wins",
      { color: RED, size: M },
      {},
      "SH-BLUE-M",
    ],
    [
      "an out-of-stock child counts when those are listed",
      { color: RED, size: M },
      { listOutOfStock: true },
      "SH-RED-M",
    ],
    ["a disabled child is skipped even when listed", { size: L }, { listOutOfStock: true }, null],
    ["an exact sku wins over the configuration", { color: BLUE, size: S, sku: "SH-RED-S" }, {}, "SH-RED-S"],
    ["the sku option wins too", { color: BLUE }, { sku: "SH-BLUE-S" }, "SH-BLUE-S"],
    ["an unavailable sku falls back to the configuration", { color: BLUE, sku: "SH-RED-M" }, {}, "SH-BLUE-M"],
    ["an unavailable sku alone is no match", { sku: "SH-RED-M" }, {}, null],
    ["a value on no child is no match (VSF1 returned the cheapest)", { color: "999" }, {}, null],
    ["a value only on an unavailable child is no match", { size: L }, {}, null],
    ["one unknown value among known ones is still no match", { color: BLUE, size: "999" }, {}, null],
    [
      "with fallback, no match takes the first eligible child",
      { color: "999" },
      { fallbackToDefaultWhenNoAvailable: true },
      "SH-BLUE-S",
    ],
  ])("%s", (_name, configuration, options, sku) => {
    expect(skuOf(chooseVariant(parent, configuration, options))).toBe(sku);
  });

  it("says how it matched, and which configured attributes the child lacks", () => {
    expect(chooseVariant(parent, { color: RED, size: M })).toEqual({
      variant: children[1],
      matchedBy: "configuration",
      unmatched: ["color"],
    });
    expect(chooseVariant(parent, { sku: "SH-BLUE-S" })).toMatchObject({ matchedBy: "sku", unmatched: [] });
    expect(chooseVariant(parent, { color: "999" }, { fallbackToDefaultWhenNoAvailable: true })).toMatchObject(
      {
        matchedBy: "fallback",
        unmatched: ["color"],
      },
    );
  });

  it("answers no-match with the configuration warning", () => {
    expect(chooseVariant(parent, { color: "999" })).toEqual({
      variant: null,
      reason: "no-match",
      message: NO_SUCH_CONFIGURATION,
    });
  });

  it("sets errors.variants when no child is available, even with fallback", () => {
    const soldOut = { configurable_children: [children[3]!, children[4]!] };
    const expected = { variant: null, reason: "none-available", errors: { variants: NO_AVAILABLE_VARIANTS } };
    expect(chooseVariant(soldOut, {}, { fallbackToDefaultWhenNoAvailable: true })).toEqual(expected);
    expect(chooseVariant({ configurable_children: [] }, {})).toEqual(expected);
    expect(chooseVariant({}, {})).toEqual(expected);
  });

  it("reads an attribute from the child's own field when custom_attributes lack it", () => {
    const plain = {
      configurable_children: [
        child({ id: 1, sku: "A", color: BLUE }),
        child({ id: 2, sku: "B", color: RED }),
      ],
    };
    expect(skuOf(chooseVariant(plain, { color: RED }))).toBe("B");
  });

  it("breaks a price tie on the lower id", () => {
    const twins = {
      configurable_children: [
        child({ id: 7, sku: "SEVEN", price: 10 }),
        child({ id: 3, sku: "THREE", price: 10 }),
      ],
    };
    expect(skuOf(chooseVariant(twins, {}))).toBe("THREE");
  });
});

describe("chooseVariant: properties", () => {
  const values = ["1", "2", "3"];
  const arbChild = (id: number) =>
    fc
      .record({
        color: fc.constantFrom(...values),
        size: fc.constantFrom(...values),
        status: fc.constantFrom(1, 1, 1, 2, 0),
        inStock: fc.boolean(),
        price: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      })
      .map((c) =>
        child({
          id,
          sku: `C${id}`,
          color: c.color,
          size: c.size,
          status: c.status,
          price: c.price as number,
          stock: { product_id: id, qty: c.inStock ? 1 : 0, is_in_stock: c.inStock, manage_stock: true },
        }),
      );
  const arbChildren = fc
    .integer({ min: 0, max: 7 })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbChild(i + 1))));
  const arbConfig = fc.record(
    {
      color: fc.constantFrom(...values, "9"),
      size: fc.constantFrom(...values, "9"),
      sku: fc.constantFrom("C1", "C2", "C3", "C9"),
    },
    { requiredKeys: [] },
  );
  const arbOptions = fc.record({
    listOutOfStock: fc.boolean(),
    fallbackToDefaultWhenNoAvailable: fc.boolean(),
  });

  it("always chooses an eligible child", () => {
    fc.assert(
      fc.property(arbChildren, arbConfig, arbOptions, (kids, config, options) => {
        const choice = chooseVariant({ configurable_children: kids }, config, options);
        if (choice.variant) expect(isVariantAvailable(choice.variant, options.listOutOfStock)).toBe(true);
        else
          expect(choice.reason === "none-available").toBe(
            !kids.some((k) => isVariantAvailable(k, options.listOutOfStock)),
          );
      }),
    );
  });

  it("always chooses an eligible child with the asked sku", () => {
    fc.assert(
      fc.property(
        arbChildren,
        arbConfig,
        arbOptions,
        fc.constantFrom("C1", "C2", "C3"),
        (kids, config, options, sku) => {
          const wanted = kids.find((k) => k.sku === sku && isVariantAvailable(k, options.listOutOfStock));
          fc.pre(wanted !== undefined);
          expect(chooseVariant({ configurable_children: kids }, config, { ...options, sku }).variant).toBe(
            wanted,
          );
        },
      ),
    );
  });

  it("does not depend on the children's order unless it falls back to the first", () => {
    fc.assert(
      fc.property(arbChildren, arbConfig, arbOptions, fc.func(fc.integer()), (kids, config, options, key) => {
        const choice = chooseVariant({ configurable_children: kids }, config, options);
        fc.pre(!("matchedBy" in choice) || choice.matchedBy !== "fallback");
        const shuffled = kids.toSorted((a, b) => key(a.id) - key(b.id));
        expect(chooseVariant({ configurable_children: shuffled }, config, options)).toEqual(choice);
      }),
    );
  });

  it("never presents a configured value that no eligible child has as a configuration match", () => {
    fc.assert(
      fc.property(arbChildren, arbConfig, arbOptions, (kids, config, options) => {
        const choice = chooseVariant({ configurable_children: kids }, config, options);
        if (!choice.variant || choice.matchedBy !== "configuration") return;
        const eligible = kids.filter((k) => isVariantAvailable(k, options.listOutOfStock));
        for (const code of ["color", "size"] as const) {
          if (config[code]) expect(eligible.some((k) => k[code] === config[code])).toBe(true);
        }
      }),
    );
  });

  it("prefers a child matching every configured attribute when one is eligible", () => {
    fc.assert(
      fc.property(arbChildren, arbConfig, arbOptions, (kids, config, options) => {
        const full = kids.some(
          (k) =>
            isVariantAvailable(k, options.listOutOfStock) &&
            (!config.color || k.color === config.color) &&
            (!config.size || k.size === config.size),
        );
        fc.pre(full && !config.sku);
        expect(chooseVariant({ configurable_children: kids }, config, options)).toMatchObject({
          unmatched: [],
        });
      }),
    );
  });
});
