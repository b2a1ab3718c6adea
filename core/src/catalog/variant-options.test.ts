import { describe, expect, it } from "vitest";
import { BLUE, child, L, M, RED, S, shirtParent, shirts } from "./test-products.ts";
import type { Product } from "./types.ts";
import { availableOptions, optionValueName, pickOption } from "./variant-options.ts";
import { NO_SUCH_CONFIGURATION } from "./variants.ts";

// The fixture: BLUE-S, BLUE-M (cheapest), RED-S; RED-M sold out, RED-L disabled.
const states = (configuration: Record<string, unknown>, listOutOfStock = false) =>
  Object.fromEntries(
    availableOptions(shirtParent, configuration, { listOutOfStock }).map((o) => [
      o.attribute_code,
      o.values.map((v) => `${v.label}${v.selected ? "*" : ""}${v.available ? "" : " (x)"}`),
    ]),
  );

describe("availableOptions (browsing §4 Variant choice)", () => {
  it.each<[string, Record<string, unknown>, boolean, Record<string, string[]>]>([
    [
      "nothing chosen: every value with an eligible child",
      {},
      false,
      {
        color: ["Blauw", "Rood"],
        size: ["S", "M"],
      },
    ],
    [
      "red chosen: M is sold out in red",
      { color: RED },
      false,
      {
        color: ["Blauw", "Rood*"],
        size: ["S", "M (x)"],
      },
    ],
    [
      "M chosen: red has no eligible M",
      { size: M },
      false,
      {
        color: ["Blauw", "Rood (x)"],
        size: ["S", "M*"],
      },
    ],
    [
      "listing out-of-stock children makes red M available",
      { color: RED, size: M },
      true,
      {
        color: ["Blauw", "Rood*"],
        size: ["S", "M*"],
      },
    ],
    [
      "configuration entries as { id } and numbers",
      { color: { id: RED }, size: Number(S) },
      false,
      {
        color: ["Blauw", "Rood*"],
        size: ["S*", "M (x)"],
      },
    ],
    [
      "an sku and a price range are not attributes",
      { sku: "SH-RED-S", price: "0-10" },
      false,
      {
        color: ["Blauw", "Rood"],
        size: ["S", "M"],
      },
    ],
    [
      "a value on no child at all",
      { color: "999" },
      false,
      {
        color: ["Blauw", "Rood"],
        size: ["S (x)", "M (x)"],
      },
    ],
  ])("%s", (_name, configuration, listOutOfStock, expected) => {
    expect(states(configuration, listOutOfStock)).toEqual(expected);
  });

  it("drops values whose label is empty after stripping HTML (browsing §5)", () => {
    const product: Product = {
      ...shirtParent,
      configurable_options: [
        {
          attribute_id: 142,
          attribute_code: "size",
          label: "Maat",
          values: [
            { value_index: S, label: "S" },
            { value_index: L, label: "<span> </span>" },
          ],
        },
      ],
    };
    expect(availableOptions(product, {})[0]?.values.map((v) => v.value)).toEqual([S]);
  });

  it("marks everything unavailable when no child is eligible", () => {
    const product = {
      ...shirtParent,
      configurable_children: shirts.map((c) => ({ ...c, status: 2 })),
    };
    const values = availableOptions(product, {}).flatMap((o) => o.values);
    expect(values.every((v) => !v.available)).toBe(true);
  });

  it("is empty for a product without options", () => {
    expect(availableOptions({ configurable_children: shirts }, {})).toEqual([]);
  });
});

describe("pickOption (browsing §4 Configurable product)", () => {
  const sku = (choice: ReturnType<typeof pickOption>) => choice.variant?.sku ?? null;

  it.each<[string, Record<string, unknown>, string, string, string | null]>([
    ["a full match keeps the other value", { color: BLUE, size: S }, "size", M, "SH-BLUE-M"],
    ["the picked value holds; the other gives way", { color: BLUE, size: M }, "color", RED, "SH-RED-S"],
    ["from nothing chosen, the cheapest child with the value", {}, "color", BLUE, "SH-BLUE-M"],
    [
      "the variant being left by sku does not count",
      { sku: "SH-BLUE-S", color: BLUE },
      "size",
      S,
      "SH-BLUE-S",
    ],
    ["a value only on unavailable children is no match", { color: RED }, "size", L, null],
    ["a value on no child is no match", {}, "size", "999", null],
  ])("%s", (_name, configuration, code, value, expected) => {
    expect(sku(pickOption(shirtParent, configuration, code, value))).toBe(expected);
  });

  it("answers the spec's warning when nothing matches", () => {
    expect(pickOption(shirtParent, {}, "size", L)).toEqual({
      variant: null,
      reason: "no-match",
      message: NO_SUCH_CONFIGURATION,
    });
  });

  it("takes a sold-out child when out-of-stock products are listed", () => {
    expect(sku(pickOption(shirtParent, { color: RED }, "size", M, { listOutOfStock: true }))).toBe(
      "SH-RED-M",
    );
  });

  it("reads values from custom_attributes before the child's own field", () => {
    const product = {
      configurable_children: [
        child({
          id: 1,
          sku: "A",
          size: "stale",
          custom_attributes: [{ attribute_code: "size", value: M }],
        }),
      ],
    };
    expect(sku(pickOption(product, {}, "size", M))).toBe("A");
    expect(sku(pickOption(product, {}, "size", "stale"))).toBe(null);
  });
});

describe("optionValueName (issue 14: a crossed-out colour says why)", () => {
  const names = (configuration: Record<string, unknown>, code: string) => {
    const options = availableOptions(shirtParent, configuration);
    return options
      .find((o) => o.attribute_code === code)!
      .values.map((value) => optionValueName(options, code, value));
  };

  it("names the chosen size a colour is not delivered in", () => {
    expect(names({ size: M }, "color")).toEqual(["Blauw", "Rood, niet leverbaar in maat M"]);
  });

  it("names the chosen colour a size is not delivered in", () => {
    expect(names({ color: RED }, "size")).toEqual(["S", "M, niet leverbaar in kleur Rood"]);
  });

  it("a value sold out whatever else is chosen is simply not available", () => {
    const options = availableOptions(shirtParent, {});
    const gone = { value: "x", label: "XL", selected: false, available: false };
    expect(optionValueName(options, "size", gone)).toBe("XL, niet beschikbaar");
  });
});
