import { formatPrice, t } from "@etalage/core";
import "./product-price.css";

/** Price including tax; a special price comes first with the regular price struck through. */
export function ProductPrice({ price, specialPrice }: { price: number; specialPrice: number | null }) {
  if (specialPrice === null) {
    return <p className="price">{formatPrice(price)}</p>;
  }
  return (
    <p className="price">
      <span className="price__special">
        <span className="visually-hidden">{t("Special price")}: </span>
        {formatPrice(specialPrice)}
      </span>{" "}
      <s className="price__regular">
        <span className="visually-hidden">{t("Regular price")}: </span>
        {formatPrice(price)}
      </s>
    </p>
  );
}
