import { t } from "@etalage/core";
import type { CardVariants } from "./card-variants.ts";

/** At most this many swatches; the rest is "+2". */
const MAX_SWATCHES = 5;

/**
 * A card's colours as swatches and its sizes in stock (issue 14). Outside the card's link, so the
 * link's name stays the product's. On a screen with hover the sizes lie over the bottom of the
 * picture while the pointer or focus is on the card; without hover (phones) they are a line of text.
 */
export function CardVariantsView({ variants }: { variants: CardVariants }) {
  const { colors, sizes } = variants;
  const more = colors.length - MAX_SWATCHES;
  return (
    <>
      {colors.length > 0 && (
        <div className="card-variants__colors">
          <span className="visually-hidden">{t("{n} colours", { n: colors.length })}: </span>
          <ul className="card-variants__swatches">
            {colors.slice(0, MAX_SWATCHES).map((color) => (
              <li key={color.label} className="card-variants__swatch" title={color.label}>
                <span
                  className="card-variants__dot"
                  style={{ background: color.swatch ?? "var(--color-surface-2)" }}
                  aria-hidden="true"
                />
                <span className="visually-hidden">{color.label}</span>
              </li>
            ))}
          </ul>
          {more > 0 && (
            <span className="card-variants__more" aria-hidden="true">
              +{more}
            </span>
          )}
        </div>
      )}
      {sizes.length > 0 && (
        <p className="card-variants__sizes">
          <span className="visually-hidden">{t("Available sizes")}: </span>
          {sizes.map((size) => (
            <span key={size} className="card-variants__size">
              {size}
            </span>
          ))}
        </p>
      )}
    </>
  );
}
