/*
 * The features' reactions to the shopper's events (session/events.ts), registered with every page
 * before anything can happen: the root imports this file. Each feature keeps its listeners in its
 * own `*-reactions.ts`; adding one is a line here.
 */
import "../features/analytics/analytics-reactions.ts";
import "../features/cart/cart-reactions.ts";
import "../features/compare/compare-reactions.ts";
import "../features/customer-data/customer-data-reactions.ts";
import "../features/recommendations/favorites-reactions.ts";
