import { RECOMMENDATION_LIST_LIMIT, t } from "@etalage/core";
import { useEffect, useState } from "react";
import { elevateQuery } from "../../lib/elevate/elevate-api.ts";
import { cardsOf, type RecommendedCard } from "../../ui/products/elevate-cards.ts";
import { RecommendationCarousel } from "../../ui/products/recommendation-carousel.tsx";
import "./cart-recommendations.css";

/**
 * The cart's list (browsing §7 "Cart page", transactional §4): Elevate's cart-page query with the
 * cart's skus joined by |, its CART list of 8. Asked again when the cart's skus change; nothing
 * shows while it loads or when the service fails. A followed card closes the microcart (`onNavigate`).
 */
export function CartRecommendations({ skus, onNavigate }: { skus: string[]; onNavigate: () => void }) {
  const key = [...new Set(skus)].sort().join("|");
  const [cards, setCards] = useState<RecommendedCard[]>([]);
  useEffect(() => {
    if (!key) return;
    let live = true;
    void elevateQuery((api) =>
      api.query.cartPage(
        { cart: key.split("|") },
        { recommendationLists: [{ id: "cart", algorithm: "CART", limit: RECOMMENDATION_LIST_LIMIT }] },
      ),
    ).then((page) => {
      if (live) setCards(page ? cardsOf(page.recommendationLists[0]?.productGroups ?? []) : []);
    });
    return () => {
      live = false;
    };
  }, [key]);
  return (
    <div
      className="cart-recommendations"
      onClickCapture={(e) => (e.target as Element).closest("a") && onNavigate()}
    >
      <RecommendationCarousel title={t("Often bought together")} cards={cards} testId="recs-cart" />
    </div>
  );
}
