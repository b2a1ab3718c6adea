import { type ItemList, selectItem, type TrackedProduct, viewItemList } from "@etalage/core";
import { type MouseEvent, useCallback, useEffect } from "react";
import type { ProductCardData } from "../catalog/product-card-data.ts";
import { track, trackPage } from "./data-layer.ts";

function tracked(card: ProductCardData): TrackedProduct {
  return {
    sku: card.sku,
    name: card.name,
    ...(card.brand ? { brand: card.brand } : {}),
    price: card.specialPrice ?? card.price,
  };
}

/**
 * A product listing (the spec's 'list viewed'): view_item_list for each set of cards shown, and
 * select_item when a card's link is followed. Returns the click handler for the list's container.
 */
export function useListTracking(list: ItemList, cards: readonly ProductCardData[]) {
  const { id, name } = list;
  useEffect(() => {
    trackPage("ProductOverview");
    track(viewItemList({ id, name }, cards.map(tracked)));
  }, [id, name, cards]);

  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = (event.target as Element).closest?.("a[href]");
      if (!link) return;
      const href = link.getAttribute("href");
      const index = cards.findIndex((card) => card.href === href);
      const card = cards[index];
      if (card) track(selectItem({ id, name }, tracked(card), index));
    },
    [id, name, cards],
  );
}
