import { on } from "../../session/events.ts";
import { loadCartEngine } from "./cart-api.ts";

/*
 * The cart's answers to what happens to the shopper (session/events.ts). Loaded with every page
 * (shell/reactions.ts); the engine loads only when one of these happens.
 */

// Login attaches the customer's cart (transactional §4), unless the account was made at checkout.
on("login", ({ attachCart }) => {
  if (attachCart) return loadCartEngine().then((engine) => engine.attachCustomerCart());
});
on("logout", () => loadCartEngine().then((engine) => engine.detachCart()));
// The token lock gave up: the calls the cart had not sent go with the login.
on("session-given-up", () =>
  loadCartEngine()
    .then((engine) => engine.clearUntransmitted())
    .catch(() => {}),
);

/**
 * An order kept offline was answered. Placed, this device's cart goes (as after an order placed
 * online); refused, the cart still holds the lines and is synced, so it shows what is in stock.
 */
on("offline-order-settled", async ({ placed }) => {
  const engine = await loadCartEngine().catch(() => null);
  if (placed) {
    if (engine) await engine.detachCart();
    // Without the engine the cookie still goes (its module is not the shell's: cart-api.ts).
    else await import("../../session/cart-cookie.ts").then((cookie) => cookie.writeCartCookie(null));
  } else {
    await engine?.requestSync(true);
  }
});
