/**
 * Every stylesheet the category page's components import. A route that loads the page's code
 * lazily (routes/dispatcher.tsx) imports this, so the document links them from the first byte and
 * nothing reflows when the code arrives. page-styles.test.ts keeps the list complete.
 */
import "./category-page.css";
import "./listing-filters.css";
import "../../ui/products/listing-grid.css";
import "./listing-toolbar.css";
import "../../ui/products/product-card.css";
import "../../ui/products/product-price.css";
import "../../ui/dialog.css";
import "../../ui/products/favorite-button.css";
import "../../ui/products/compare-button.css";
import "../../ui/products/card-variants.css";
