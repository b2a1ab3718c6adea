import { RECOMMENDATION_LIST_LIMIT, t } from "@etalage/core";
import { useEffect, useState } from "react";
import { elevateQuery } from "../../lib/elevate/elevate-api.ts";
import { cardsOf, type RecommendedCard } from "../../ui/products/elevate-cards.ts";
import { RecommendationCarousel } from "../../ui/products/recommendation-carousel.tsx";
import { rememberTickets } from "./add-to-cart-report.ts";

interface Lists {
  alternatives: RecommendedCard[];
  upsell: RecommendedCard[];
  recent: RecommendedCard[];
}

/**
 * The product page's lists (browsing §7 "Product page"): 'Bekijk ook' (alternatives), 'Maak je
 * look compleet' (upsell), 8 each, and the shopper's recently viewed. Asking also records the
 * view. Nothing shows while they load or when the service fails (browsing §8).
 */
export default function ProductRecommendationsView({ productKey }: { productKey: string }) {
  const [lists, setLists] = useState<Lists | null>(null);
  useEffect(() => {
    let live = true;
    setLists(null);
    void elevateQuery((api) =>
      api.query.productPage(
        { productKey },
        {
          recommendationLists: [
            { id: "alternatives", algorithm: "ALTERNATIVES", limit: RECOMMENDATION_LIST_LIMIT },
            { id: "upsell", algorithm: "UPSELL", limit: RECOMMENDATION_LIST_LIMIT },
            { id: "recently-viewed", algorithm: "RECENTLY_VIEWED", limit: RECOMMENDATION_LIST_LIMIT },
          ],
        },
      ),
    ).then((page) => {
      if (!live || !page) return;
      rememberTickets(page.tickets);
      const of = (id: string) =>
        cardsOf(page.recommendationLists.find((l) => l.id === id)?.productGroups ?? []);
      setLists({ alternatives: of("alternatives"), upsell: of("upsell"), recent: of("recently-viewed") });
    });
    return () => {
      live = false;
    };
  }, [productKey]);
  if (!lists) return null;
  return (
    <div className="product-recommendations">
      <RecommendationCarousel title={t("See also")} cards={lists.alternatives} testId="recs-alternatives" />
      <RecommendationCarousel title={t("Complete your look")} cards={lists.upsell} testId="recs-upsell" />
      <RecommendationCarousel
        title={t("Recently viewed")}
        cards={lists.recent}
        testId="recs-recently-viewed"
      />
    </div>
  );
}
