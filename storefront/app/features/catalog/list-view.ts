import type { ItemList, TrackedProduct } from "@etalage/core";
import { type MouseEvent, useCallback, useEffect } from "react";
import { emit } from "../../session/events.ts";
import type { ProductCardData } from "../../ui/products/product-card-data.ts";

function tracked(card: ProductCardData): TrackedProduct {
  return {
    sku: card.sku,
    name: card.name,
    ...(card.brand ? { brand: card.brand } : {}),
    price: card.specialPrice ?? card.price,
  };
}

/**
 * A product listing (the spec's 'list viewed'): announced for each set of cards shown, and when a
 * card's link is followed (the data layer's view_item_list and select_item, features/analytics). Returns the click handler for the list's container.
 */
export function useListTracking(list: ItemList, cards: readonly ProductCardData[]) {
  const { id, name } = list;
  useEffect(() => {
    void emit("list-viewed", { list: { id, name }, products: cards.map(tracked) });
  }, [id, name, cards]);

  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = (event.target as Element).closest?.("a[href]");
      if (!link) return;
      const href = link.getAttribute("href");
      const index = cards.findIndex((card) => card.href === href);
      const card = cards[index];
      if (card) void emit("list-item-selected", { list: { id, name }, product: tracked(card), index });
    },
    [id, name, cards],
  );
}
