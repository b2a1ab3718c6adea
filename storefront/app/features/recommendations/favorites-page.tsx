import { t } from "@etalage/core";
import { useEffect, useState } from "react";
import { elevateQuery, notifyFavorite } from "../../lib/elevate/elevate-api.ts";
import { useFavoriteKeys } from "../../session/favorites-store.ts";
import { cardsOf, type RecommendedCard } from "../../ui/products/elevate-cards.ts";
import { ProductGrid } from "../../ui/products/listing-grid.tsx";

const listFavorites = async () =>
  cardsOf(
    (
      await elevateQuery((api) =>
        api.query.landingPage(
          { pageReference: "/favorieten/" },
          { recommendationLists: [{ id: "favorites", algorithm: "FAVORITES", limit: 100 }] },
        ),
      )
    )?.recommendationLists[0]?.productGroups ?? [],
  );

/** Favourites told to the recommendation service again this visit, each once. */
const retold = new Set<string>();

/**
 * The cards of `keys`. A heart's add-favorite can be lost (the tap's request dies with the page
 * when the shopper leaves at once, or the network drops it): a favourite the service's list lacks
 * is told to it again, once a visit, and the list asked for anew.
 */
async function favoriteCards(keys: readonly string[]): Promise<RecommendedCard[]> {
  const cards = await listFavorites();
  const missing = keys.filter((key) => !retold.has(key) && !cards.some((card) => card.sku === key));
  if (missing.length === 0) return cards;
  for (const key of missing) retold.add(key);
  await Promise.all(missing.map((key) => notifyFavorite(key, true)));
  return listFavorites();
}

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
    void favoriteCards(keys).then((found) => {
      if (live) setCards(found);
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
