import { t } from "@etalage/core";
import { useId, useRef } from "react";
import { notifyClick } from "../../lib/elevate/elevate-api.ts";
import { Icon } from "../icons.tsx";
import type { RecommendedCard } from "./elevate-cards.ts";
import { ProductCard } from "./product-card.tsx";
import "./recommendation-carousel.css";

/** Cards are 42 % of a phone's width, 4 in a row from 768 px (as the listing's grid). */
const CAROUSEL_CARD_SIZES = "(min-width: 1024px) 22vw, (min-width: 768px) 30vw, 42vw";

/**
 * A labelled row of recommended products: a scrollable list the keyboard reaches card by card,
 * with previous and next buttons that scroll by a screenful. Every card's click reports its
 * ticket to the recommendation service.
 */
export function RecommendationCarousel({
  title,
  cards,
  testId,
}: {
  title: string;
  cards: RecommendedCard[];
  testId?: string;
}) {
  const headingId = useId();
  const track = useRef<HTMLUListElement>(null);
  if (cards.length === 0) return null;
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: "smooth" });
  };
  return (
    <section
      className="rec-carousel"
      aria-labelledby={headingId}
      aria-roledescription={t("carousel")}
      data-testid={testId}
    >
      <div className="rec-carousel__head">
        <h2 id={headingId} className="rec-carousel__title">
          {title}
        </h2>
        <div className="rec-carousel__controls">
          <button
            type="button"
            className="rec-carousel__button"
            aria-label={t("Previous products")}
            onClick={() => scroll(-1)}
          >
            <Icon name="chevron-left" />
          </button>
          <button
            type="button"
            className="rec-carousel__button"
            aria-label={t("Next products")}
            onClick={() => scroll(1)}
          >
            <Icon name="chevron-right" />
          </button>
        </div>
      </div>
      <ul ref={track} className="rec-carousel__track">
        {cards.map((card) => (
          <li key={card.sku} className="rec-carousel__item" onClickCapture={() => notifyClick(card.ticket)}>
            <ProductCard product={card} sizes={CAROUSEL_CARD_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}
