import { useEffect } from "react";
import { FavoritesPage } from "./favorites-page.tsx";

/** `/my-account/favorites` (issue 16): the account's favourites, merged with this browser's. */
export function AccountFavorites() {
  useEffect(() => {
    void import("./customer-favorites.ts").then((m) => m.syncCustomerFavorites());
  }, []);
  return <FavoritesPage account />;
}
