import { formatPrice, t } from "@etalage/core";
import { useId } from "react";
import { Link } from "react-router";
import { hasImage } from "../../lib/images.ts";
import { THUMB, thumbImage } from "./gallery-sizes.ts";
import { PriceTag } from "./price-tag.tsx";
import type { BundleOptionView, GroupedItemView, PartView, Prices } from "./product-data.ts";

/** What a shopper pays for a part: the special price while it runs, else the regular one. */
export const payable = (prices: Prices) => prices.special ?? prices.regular;

/** Sums of parts times quantities, regular and payable, as one Prices. */
export function sumPrices(parts: readonly { prices: Prices; qty: number }[]): Prices {
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
export function quantity(text: string): number {
  const n = Math.floor(Number(text));
  return Number.isFinite(n) && n > 0 ? Math.min(n, 99) : 0;
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
export function GroupedItems({
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
export function BundleOptions({
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

export function TotalLine({ prices }: { prices: Prices }) {
  return (
    <p className="parts__total" aria-live="polite">
      <span>{t("Total for your selection")}</span>
      <strong>{formatPrice(payable(prices))}</strong>
    </p>
  );
}
