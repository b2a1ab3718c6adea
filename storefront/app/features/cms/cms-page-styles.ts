/**
 * Every stylesheet the CMS page and the CMS tiles import, for routes/dispatcher.tsx, which loads
 * their code lazily: the document links them from the first byte, so nothing reflows when the
 * code arrives. features/catalog/page-styles.test.ts keeps the list complete.
 */
import "../home/home.css";
import "./cms.css";
import "../catalog/listing-grid.css";
import "../catalog/product-card.css";
import "../catalog/product-price.css";
import "../recommendations/favorite-button.css";
import "../catalog/card-variants.css";
