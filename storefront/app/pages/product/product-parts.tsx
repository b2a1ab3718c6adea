import { formatPrice, t } from "@etalage/core";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { hasImage } from "../../lib/images.ts";
import { THUMB, thumbImage } from "./gallery-sizes.ts";
import { PriceTag } from "./price-tag.tsx";
import type { BundleOptionView, GroupedItemView, PartView, Prices, ProductPageData } from "./product-data.ts";

/*
 * The parts of a grouped product or a bundle, their choice and sums: a chunk of their own, which
 * only those products' pages load (product-page.tsx).
 */

/** What the page's form needs of the parts: the choice, its total, and the parts to show. */
export interface PartsChoice {
  choice: {
    groupQty: Record<string, string>;
    bundleChoice: Record<number, number>;
    bundleQty: Record<number, string>;
  };
  total: Prices | null;
  element: ReactNode;
}

/** What a shopper pays for a part: the special price while it runs, else the regular one. */
const payable = (prices: Prices) => prices.special ?? prices.regular;

/** Sums of parts times quantities, regular and payable, as one Prices. */
function sumPrices(parts: readonly { prices: Prices; qty: number }[]): Prices {
  let regular = 0;
  let final = 0;
  for (const { prices, qty } of parts) {
    regular += prices.regular * qty;
    final += payable(prices) * qty;
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return { regular: round(regular), special: final < regular - 0.004 ? round(final) : null };
}

/** Quantities are whole numbers of zero or more (browsing §5); anything else reads as 0. */
function quantity(text: string): number {
  const n = Math.floor(Number(text));
  return Number.isFinite(n) && n > 0 ? Math.min(n, 99) : 0;
}

const defaultOf = (option: BundleOptionView) =>
  option.selections.find((s) => s.isDefault) ?? option.selections[0];

/** The parts' state on a grouped product's or a bundle's page (default selections first). */
export function useProductParts(data: Pick<ProductPageData, "grouped" | "bundle">): PartsChoice {
  const [groupQty, setGroupQty] = useState<Record<string, string>>({});
  const [bundleChoice, setBundleChoice] = useState<Record<number, number>>(() =>
    Object.fromEntries((data.bundle ?? []).map((o) => [o.id, defaultOf(o)?.id ?? 0])),
  );
  const [bundleQty, setBundleQty] = useState<Record<number, string>>(() =>
    Object.fromEntries((data.bundle ?? []).map((o) => [o.id, String(defaultOf(o)?.qty ?? 1)])),
  );
  const total = data.grouped
    ? sumPrices(
        data.grouped.map((item) => ({
          prices: item.prices,
          qty: quantity(groupQty[item.sku] ?? String(item.qty)),
        })),
      )
    : data.bundle
      ? sumPrices(
          data.bundle.flatMap((o) => {
            const selection = o.selections.find((s) => s.id === bundleChoice[o.id]);
            return selection ? [{ prices: selection.prices, qty: quantity(bundleQty[o.id] ?? "1") }] : [];
          }),
        )
      : null;
  const element = (
    <>
      {data.grouped && (
        <GroupedItems
          items={data.grouped}
          quantities={groupQty}
          onQuantity={(sku, text) => setGroupQty((q) => ({ ...q, [sku]: text }))}
        />
      )}
      {data.bundle && (
        <BundleOptions
          options={data.bundle}
          chosen={bundleChoice}
          quantities={bundleQty}
          onChoose={(optionId, selectionId) => {
            setBundleChoice((c) => ({ ...c, [optionId]: selectionId }));
            const selection = data.bundle
              ?.find((o) => o.id === optionId)
              ?.selections.find((s) => s.id === selectionId);
            if (selection) setBundleQty((q) => ({ ...q, [optionId]: String(selection.qty) }));
          }}
          onQuantity={(optionId, text) => setBundleQty((q) => ({ ...q, [optionId]: text }))}
        />
      )}
      {total && <TotalLine prices={total} />}
    </>
  );
  return { choice: { groupQty, bundleChoice, bundleQty }, total, element };
}

function PartImage({ part }: { part: PartView }) {
  return hasImage(part.image) ? (
    <img
      className="part__image"
      src={thumbImage(part.image)}
      width={THUMB.width}
      height={THUMB.height}
      alt=""
      loading="lazy"
      decoding="async"
    />
  ) : (
    <span className="part__image part__image--none" />
  );
}

function PartName({ part }: { part: PartView }) {
  return part.href ? (
    <Link to={part.href} className="part__name">
      {part.name}
    </Link>
  ) : (
    <span className="part__name">{part.name}</span>
  );
}

/** A grouped product's associated products, each with its price and a quantity (browsing §4). */
function GroupedItems({
  items,
  quantities,
  onQuantity,
}: {
  items: GroupedItemView[];
  quantities: Record<string, string>;
  onQuantity: (sku: string, text: string) => void;
}) {
  const headingId = useId();
  return (
    <section className="parts" aria-labelledby={headingId}>
      <h2 id={headingId} className="parts__title">
        {t("This set contains")}
      </h2>
      <ul className="parts__list">
        {items.map((item) => (
          <li key={item.sku} className="part">
            <PartImage part={item} />
            <div className="part__body">
              <PartName part={item} />
              <PriceTag prices={item.prices} />
              {item.stock === "out_of_stock" && <p className="part__stock">{t("Out of stock")}</p>}
            </div>
            <label className="qty qty--small">
              <span className="visually-hidden">{t("Quantity of {name}", { name: item.name })}</span>
              <input
                type="number"
                inputMode="numeric"
                name={`super_group[${item.sku}]`}
                min={0}
                max={99}
                value={quantities[item.sku] ?? String(item.qty)}
                onChange={(e) => onQuantity(item.sku, e.target.value)}
              />
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A bundle's options: one choice per option, default selections first, a quantity of 0 or more. */
function BundleOptions({
  options,
  chosen,
  quantities,
  onChoose,
  onQuantity,
}: {
  options: BundleOptionView[];
  chosen: Record<number, number>;
  quantities: Record<number, string>;
  onChoose: (optionId: number, selectionId: number) => void;
  onQuantity: (optionId: number, text: string) => void;
}) {
  return (
    <div className="parts">
      {options.map((option) => (
        <fieldset key={option.id} className="parts__option">
          <legend className="parts__title">{option.title}</legend>
          <ul className="parts__list">
            {option.selections.map((selection) => (
              <li key={selection.id} className="part part--choice">
                <label className="part__choice">
                  <input
                    type="radio"
                    name={`bundle_option[${option.id}]`}
                    value={selection.id}
                    checked={chosen[option.id] === selection.id}
                    required={option.required}
                    onChange={() => onChoose(option.id, selection.id)}
                  />
                  <PartImage part={selection} />
                  <span className="part__body">
                    <span className="part__name">{selection.name}</span>
                    <PriceTag prices={selection.prices} />
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <label className="qty qty--inline">
            <span>{t("Quantity")}</span>
            <input
              type="number"
              inputMode="numeric"
              name={`bundle_option_qty[${option.id}]`}
              min={0}
              max={99}
              value={quantities[option.id] ?? "1"}
              onChange={(e) => onQuantity(option.id, e.target.value)}
            />
          </label>
        </fieldset>
      ))}
    </div>
  );
}

function TotalLine({ prices }: { prices: Prices }) {
  return (
    <p className="parts__total" aria-live="polite">
      <span>{t("Total for your selection")}</span>
      <strong>{formatPrice(payable(prices))}</strong>
    </p>
  );
}
