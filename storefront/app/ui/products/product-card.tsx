import { t } from "@etalage/core";
import { hasImage } from "../../lib/images.ts";
import { IntentShopLink } from "../../lib/shop-link.tsx";
import { openModal } from "../../session/modal-store.ts";
import { Icon } from "../icons.tsx";
import { CARD_IMAGE, cardImageSrc, cardImageSrcSet, LISTING_CARD_SIZES } from "./card-image.ts";
import { CardVariantsView } from "./card-variants-view.tsx";
import { CompareButton } from "./compare-button.tsx";
import { FavoriteButton } from "./favorite-button.tsx";
import type { CardLabel, ProductCardData } from "./product-card-data.ts";
import { ProductPrice } from "./product-price.tsx";
import "./product-card.css";
import "./card-variants.css";

export interface ProductCardProps {
  product: ProductCardData;
  /** The first cards of a page load their image eagerly (browsing §2: the first 5 on listings). */
  eager?: boolean;
  /** The card most likely to be the largest paint: its image is fetched first. */
  priority?: boolean;
  headingLevel?: "h2" | "h3";
  /** The image's rendered width (`sizes`); the listing grid's by default. */
  sizes?: string;
}

export function ProductCard({
  product,
  eager = false,
  priority = false,
  headingLevel: Heading = "h3",
  sizes = LISTING_CARD_SIZES,
}: ProductCardProps) {
  const { name, brand, href, image, hoverImage, price, specialPrice, labels } = product;
  return (
    <article className="product-card">
      <IntentShopLink to={href} className="product-card__link">
        <div className="product-card__media">
          {hasImage(image) ? (
            <img
              className="product-card__image"
              src={cardImageSrc(image)}
              srcSet={cardImageSrcSet(image)}
              sizes={sizes}
              width={CARD_IMAGE.width}
              height={CARD_IMAGE.height}
              alt=""
              loading={eager || priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : undefined}
              decoding={priority ? "sync" : "async"}
            />
          ) : (
            <span className="product-card__placeholder">{t("No image available")}</span>
          )}
          {hasImage(hoverImage) && (
            <img
              className="product-card__image product-card__image--hover"
              src={cardImageSrc(hoverImage)}
              srcSet={cardImageSrcSet(hoverImage, true)}
              sizes={sizes}
              width={CARD_IMAGE.width}
              height={CARD_IMAGE.height}
              alt=""
              loading="lazy"
              decoding="async"
            />
          )}
          {labels.map((label) => (
            <CardLabelBadge key={label.corner} label={label} />
          ))}
        </div>
        <div className="product-card__info">
          {brand && <p className="product-card__brand">{brand}</p>}
          <Heading className="product-card__name">{name}</Heading>
          <ProductPrice price={price} specialPrice={specialPrice} />
        </div>
      </IntentShopLink>
      {product.variants && <CardVariantsView variants={product.variants} />}
      <FavoriteButton productKey={product.sku} name={name} />
      <div className="product-card__actions">
        <CompareButton
          className="product-card__compare"
          entry={() => ({
            key: product.sku,
            kind: null,
            name,
            href,
            image,
            brand,
            price,
            specialPrice,
            attributes: {},
            sizesInStock: product.variants?.sizes ?? null,
          })}
        />
        {/* Sizes to choose: the size selector (a sheet on a phone) adds one without leaving the list. */}
        {product.variants && product.variants.sizes.length > 0 && (
          <button
            type="button"
            className="product-card__quick-add"
            aria-haspopup="dialog"
            aria-label={t("Quick add {name}", { name })}
            onClick={() => openModal("size-selector", { name, productSku: product.sku, href })}
          >
            <Icon name="bag" />
            <span aria-hidden="true">{t("Quick add")}</span>
          </button>
        )}
      </div>
    </article>
  );
}

/** A label in its corner: an image when it has one, else its text in its own colours. */
function CardLabelBadge({ label }: { label: CardLabel }) {
  const className = `product-card__label product-card__label--${label.corner}`;
  if (label.image) {
    return (
      <img
        className={`${className} product-card__label--image`}
        src={label.image}
        alt={label.text}
        width={157}
        height={68}
        loading="lazy"
      />
    );
  }
  return (
    <span className={className} style={{ background: label.background, color: label.color }}>
      {label.text}
    </span>
  );
}
