import type { DictionaryKey, ListingSort } from "@etalage/core";

/** The sort choices' names (browsing §9: position, newest, price ascending and descending). */
export const SORT_LABELS: Record<ListingSort, DictionaryKey> = {
  "category.position:asc": "Position",
  "updated_at:desc": "Newest",
  "final_price:asc": "Price ascending",
  "final_price:desc": "Price descending",
};
