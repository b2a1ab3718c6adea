/**
 * Every stylesheet the CMS page and the CMS tiles import, for routes/dispatcher.tsx, which loads
 * their code lazily: the document links them from the first byte, so nothing reflows when the
 * code arrives. features/catalog/page-styles.test.ts keeps the list complete.
 */
import "./home.css";
import "./cms.css";
import "./cms-text.css";
import "../../ui/products/listing-grid.css";
import "../../ui/products/product-card.css";
import "../../ui/products/product-price.css";
import "../../ui/products/favorite-button.css";
import "../../ui/products/compare-button.css";
import "../../ui/products/card-variants.css";
