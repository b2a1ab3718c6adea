import { t } from "@etalage/core";
import { Link } from "react-router";
import { hasImage, resizedImageUrl, THUMBNAIL, thumbnailSrcSet } from "../../lib/images.ts";
import type { ProductCardData } from "./product-card-data.ts";
import { discountPercent, ProductPrice } from "./product-price.tsx";
import "./product-card.css";

/** Grid cells: a quarter of the page from 1024 px, about half below (browsing §2: 2 / 4 columns). */
const SIZES = "(min-width: 1400px) 330px, (min-width: 1024px) 23vw, 46vw";

export interface ProductCardProps {
  product: ProductCardData;
  /** The first cards of a page load their image eagerly (browsing §2: the first 5 on listings). */
  eager?: boolean;
  headingLevel?: "h2" | "h3";
}

export function ProductCard({ product, eager = false, headingLevel: Heading = "h3" }: ProductCardProps) {
  const { name, brand, href, image, hoverImage, price, specialPrice, isNew } = product;
  return (
    <article className="product-card">
      <Link to={href} className="product-card__link" prefetch="intent">
        <div className="product-card__media">
          {hasImage(image) ? (
            <img
              className="product-card__image"
              src={resizedImageUrl(image, THUMBNAIL.width, THUMBNAIL.height)}
              srcSet={thumbnailSrcSet(image)}
              sizes={SIZES}
              width={THUMBNAIL.width}
              height={THUMBNAIL.height}
              alt=""
              loading={eager ? "eager" : "lazy"}
              decoding="async"
            />
          ) : (
            <span className="product-card__placeholder">{t("No image available")}</span>
          )}
          {hasImage(hoverImage) && (
            <img
              className="product-card__image product-card__image--hover"
              src={resizedImageUrl(hoverImage, THUMBNAIL.width, THUMBNAIL.height)}
              srcSet={thumbnailSrcSet(hoverImage)}
              sizes={SIZES}
              width={THUMBNAIL.width}
              height={THUMBNAIL.height}
              alt=""
              loading="lazy"
              decoding="async"
            />
          )}
          <ul className="product-card__labels">
            {specialPrice !== null && (
              <li className="product-card__label product-card__label--sale">
                <span className="visually-hidden">{t("Discount")} </span>-
                {discountPercent(price, specialPrice)}%
              </li>
            )}
            {isNew && <li className="product-card__label">{t("New")}</li>}
          </ul>
        </div>
        <div className="product-card__info">
          {brand && <p className="product-card__brand">{brand}</p>}
          <Heading className="product-card__name">{name}</Heading>
          <ProductPrice price={price} specialPrice={specialPrice} />
        </div>
      </Link>
    </article>
  );
}
