import { optionValueName, t } from "@etalage/core";
import { useId } from "react";
import { openModal } from "../../session/modal-store.ts";
import type { ProductPageData } from "./product-data.ts";
import type { OptionPicker } from "./use-product-configuration.ts";

export interface ProductOptionsProps {
  options: OptionPicker[];
  pick: (attributeCode: string, value: string) => void;
  sizeGuide: ProductPageData["sizeGuide"];
  /** Set when the shopper tried to buy before choosing everything. */
  error: string | null;
  /** A word beside a value, such as "Laatste stuks" (issue 14); null for none. */
  note?: (attributeCode: string, value: string) => string | null;
}

/**
 * Colour swatches and size buttons. Each value is a link to the variant it chooses, so the page
 * works before JavaScript; once hydrated a click chooses in place. A value no eligible child has
 * with the other choices is crossed out and says why ("Navy, niet leverbaar in maat M"), but stays
 * clickable: the choice then moves the other options along, or warns when nothing matches.
 */
export function ProductOptions({ options, pick, sizeGuide, error, note }: ProductOptionsProps) {
  const errorId = useId();
  return (
    <div className="options">
      {options.map((option) => (
        <OptionGroup
          key={option.attribute_code}
          option={option}
          all={options}
          pick={pick}
          sizeGuide={option.attribute_code === "size" ? sizeGuide : null}
          errorId={error ? errorId : undefined}
          note={note}
        />
      ))}
      {/* No live region: the same message is announced once, as the error notification (transactional §4). */}
      {error && (
        <p id={errorId} className="options__error">
          {error}
        </p>
      )}
    </div>
  );
}

function OptionGroup({
  option,
  all,
  pick,
  sizeGuide,
  errorId,
  note,
}: {
  note: ProductOptionsProps["note"];
  option: OptionPicker;
  /** Every option shown, for the other choices an unavailable value is named by. */
  all: OptionPicker[];
  pick: ProductOptionsProps["pick"];
  sizeGuide: ProductPageData["sizeGuide"];
  errorId: string | undefined;
}) {
  const selected = option.values.find((v) => v.selected);
  const isColor = option.values.some((v) => v.swatch !== null);
  return (
    <fieldset className="options__group" aria-describedby={errorId}>
      <legend className="options__label">
        {option.label}
        {selected && <span className="options__chosen">: {selected.label}</span>}
      </legend>
      <ul className={`options__values options__values--${isColor ? "swatch" : "button"}`}>
        {option.values.map((value) => {
          const extra =
            value.available && !isColor ? (note?.(option.attribute_code, value.value) ?? null) : null;
          return (
            <li key={value.value}>
              <a
                href={value.href}
                rel="nofollow"
                className="option"
                data-available={value.available}
                aria-current={value.selected ? "true" : undefined}
                title={isColor ? value.label : undefined}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  pick(option.attribute_code, value.value);
                }}
              >
                {isColor && (
                  <span className="option__swatch" style={{ background: value.swatch ?? "#d3d3d3" }} />
                )}
                {/* One piece of hidden text, so the name reads "M, niet beschikbaar" without a stray space. */}
                {!isColor && (
                  <span aria-hidden={!value.available || extra !== null || undefined}>{value.label}</span>
                )}
                {extra && (
                  <span className="option__note" aria-hidden="true">
                    {extra}
                  </span>
                )}
                {(isColor || !value.available || extra) && (
                  <span className="visually-hidden">
                    {!value.available
                      ? optionValueName(all, option.attribute_code, value)
                      : extra
                        ? `${value.label}, ${extra}`
                        : value.label}
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
      {sizeGuide && (
        <button
          type="button"
          className="options__guide"
          onClick={() => openModal("size-guide", { table: sizeGuide })}
        >
          {t("Size guide")}
        </button>
      )}
    </fieldset>
  );
}
