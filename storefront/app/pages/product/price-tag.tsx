import { formatPrice, t } from "@etalage/core";
import type { Prices } from "./product-data.ts";

/** Price including tax; while a special price runs it comes first, the regular one struck through. */
export function PriceTag({ prices, size = "small" }: { prices: Prices; size?: "small" | "large" }) {
  const { regular, special } = prices;
  return (
    <p className={`price-tag price-tag--${size}`}>
      {special === null ? (
        <span className="price-tag__final">{formatPrice(regular)}</span>
      ) : (
        <>
          <span className="price-tag__final price-tag__final--special">
            <span className="visually-hidden">{t("Special price")}: </span>
            {formatPrice(special)}
          </span>{" "}
          <s className="price-tag__regular">
            <span className="visually-hidden">{t("Regular price")}: </span>
            {formatPrice(regular)}
          </s>
        </>
      )}
    </p>
  );
}
