import { pageTitle, t } from "@etalage/core";
import { FavoritesPage } from "../features/recommendations/favorites-page.tsx";
// The favourites are a listing: the category page's frame (header, grid) dresses them.
import "../features/catalog/category-page.css";

/** A guest's favourites (issue 16); no loader: they live in the browser. Never indexed. */
export function meta() {
  return [{ title: pageTitle(t("My favorites")) }, { name: "robots", content: "noindex" }];
}

export default function Favorites() {
  return <FavoritesPage />;
}
