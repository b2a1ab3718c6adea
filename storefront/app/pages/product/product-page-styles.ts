/**
 * Every stylesheet the product page's components import, for a route that loads the page's code
 * lazily (routes/dispatcher.tsx): the document links them from the first byte, so nothing
 * reflows when the code arrives. features/catalog/page-styles.test.ts keeps the list complete.
 */
import "./product-page.css";
import "../../ui/products/favorite-button.css";
import "../../ui/products/compare-button.css";
import "../../features/reviews/reviews.css";
import "./sticky-buy-bar.css";
