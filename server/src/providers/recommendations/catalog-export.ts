/**
 * The catalogue and landing pages as an Elevate 4 catalog import (issue 30 item 4): JSON Lines,
 * one `replace` operation a line — a product group per parent sku holding one product with its
 * sizes as variants, under the same keys the shop sends in queries and notifications (a product
 * key is the parent sku, a variant key the child sku), and the landing pages as content of type
 * `link`. For a full replace (`PUT`) of a cluster's catalogue; README "Going live" has the steps.
 */
import type { LandingPage } from "@etalage/core";
import { landingPagePath } from "@etalage/core";
import type { CatalogFacts } from "./catalog-facts.ts";
import { productOf } from "./product-groups.ts";

const ELEVATE_EXPORT_MARKET = "NL";
const LOCALE = "nl-NL";

export function* catalogImportLines(
  facts: CatalogFacts,
  landingPages: readonly LandingPage[],
  categoryPath: (id: number) => string | undefined,
  sizeLabel: (value: unknown) => string | undefined,
): Generator<string> {
  for (const product of facts.byKey.values()) {
    // Products a shopper may not see are not sent: Elevate would list them.
    if (!product.recommendable) continue;
    const shown = productOf(product, "export", 0, sizeLabel);
    const variants = Object.fromEntries(
      shown.variants.map((v) => [
        v.key,
        {
          defaults: {
            stock: v.stockNumber,
            listPrice: v.listPrice,
            sellingPrice: v.sellingPrice,
            ...(v.size ? { size: v.size } : {}),
            url: v.link,
          },
        },
      ]),
    );
    const category = (product.product.category_ids ?? [])
      .map((id) => categoryPath(Number(id)))
      .filter((path): path is string => Boolean(path));
    yield JSON.stringify({
      replace: {
        key: product.key,
        productGroup: {
          products: {
            [product.key]: {
              markets: [ELEVATE_EXPORT_MARKET],
              ...(product.swatches.length > 0 ? { colorInitial: product.swatches } : {}),
              defaults: {
                dataLocale: LOCALE,
                url: shown.link,
                title: shown.title,
                brand: shown.brand,
                ...(category.length > 0 ? { category } : {}),
                ...(product.product.description ? { description: String(product.product.description) } : {}),
                imageInfo: shown.imageInfo,
                releaseDate: new Date(product.createdAt).toISOString(),
              },
              variants,
            },
          },
        },
      },
    });
  }
  for (const page of landingPages) {
    yield JSON.stringify({
      replace: {
        key: `landing-${page.id}`,
        content: {
          markets: [ELEVATE_EXPORT_MARKET],
          type: "link",
          defaults: {
            dataLocale: LOCALE,
            title: page.title ?? page.url_path,
            url: landingPagePath(page.url_path),
          },
        },
      },
    });
  }
}
