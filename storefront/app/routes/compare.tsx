import { pageTitle, t } from "@etalage/core";
import { cart } from "../features/cart/cart-api.ts";
import type { OrderableSize } from "../features/compare/compare-api.ts";
import { ComparePage } from "../features/compare/compare-page.tsx";
// The empty state wears the listings' frame.
import "../features/catalog/category-page.css";

/**
 * `/vergelijken` (browsing §1's `compare` page, issue 29): no loader, the comparison lives in the
 * browser; never indexed. Its own route chunk: the pages with a compare button carry only the
 * button and the store. The cart's add (which shows the spec's notifications) is handed in here.
 */
export function meta() {
  return [{ title: pageTitle(t("Compare products")) }, { name: "robots", content: "noindex" }];
}

async function add({ product }: OrderableSize): Promise<boolean> {
  try {
    await cart.add({ product, qty: 1 });
    return true;
  } catch {
    return false;
  }
}

export default function Compare() {
  return <ComparePage onAdd={add} />;
}
