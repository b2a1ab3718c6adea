import { t } from "@etalage/core";
import { useEffect, useState } from "react";
import { elevateQuery } from "../../lib/elevate/elevate-api.ts";
import { useFavoriteKeys } from "../../session/favorites-store.ts";
import { cardsOf, type RecommendedCard } from "../../ui/products/elevate-cards.ts";
import { ProductGrid } from "../../ui/products/listing-grid.tsx";

/**
 * The favourites page (`/favorieten` for guests): Elevate's FAVORITES list of this browser's
 * customer key, in the order the hearts were set. Rendered in the browser: the server cannot
 * know a guest's favourites.
 */
export function FavoritesPage({ account = false }: { account?: boolean }) {
  const keys = useFavoriteKeys();
  const [cards, setCards] = useState<RecommendedCard[] | null>(null);
  const signature = keys.join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again when the favourites change.
  useEffect(() => {
    let live = true;
    void elevateQuery((api) =>
      api.query.landingPage(
        { pageReference: "/favorieten/" },
        { recommendationLists: [{ id: "favorites", algorithm: "FAVORITES", limit: 100 }] },
      ),
    ).then((page) => {
      if (live) setCards(cardsOf(page?.recommendationLists[0]?.productGroups ?? []));
    });
    return () => {
      live = false;
    };
  }, [signature]);
  const shown = (cards ?? []).filter((c) => keys.includes(c.sku));
  return (
    <div className={account ? "listing favorites-page" : "listing container favorites-page"}>
      <header className="listing__header">
        <div className="listing__heading">
          <h1 className="listing__title">{t("My favorites")}</h1>
          {cards && (
            <p className="listing__count">
              {t(shown.length === 1 ? "1 item" : "{n} items", { n: shown.length })}
            </p>
          )}
        </div>
        <p className="listing__description">
          {account
            ? t("Your favorites are kept with your account.")
            : t("Your favorites are kept in this browser.")}
        </p>
      </header>
      {cards && shown.length === 0 && (
        <div className="listing-empty" data-testid="favorites-empty">
          <p className="listing-empty__title">{t("You have no favorites yet.")}</p>
          <p>{t("Tap the heart on a product to keep it here.")}</p>
        </div>
      )}
      {shown.length > 0 && <ProductGrid products={shown} />}
    </div>
  );
}
