import { on } from "../../session/events.ts";

/*
 * A customer's favourites on the server and the recommendation service's FAVORITES list follow the
 * hearts (issue 16), heard through the session's events. Loaded with every page (shell/reactions.ts);
 * the code that talks to the services loads when a heart changes or a customer logs in.
 */
const customerFavorites = () => import("./customer-favorites.ts");

// This browser's favourites join the account's, and the account's come here.
on("login", () => customerFavorites().then((favorites) => favorites.syncCustomerFavorites()));
on("favorite-changed", ({ key, on: favorite }) =>
  Promise.all([
    import("../../lib/elevate/elevate-api.ts")
      .then((elevate) => elevate.notifyFavorite(key, favorite))
      .catch(() => undefined),
    customerFavorites()
      .then((favorites) => favorites.sendCustomerFavorite(key, favorite))
      .catch(() => undefined),
  ]),
);
