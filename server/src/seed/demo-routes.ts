/**
 * URLs around the catalogue: redirects from the old Magento shop's paths, and landing pages that
 * are a category with a preset filter ("zwarte sneakers").
 */
import type { LandingPage, Product, Redirect } from "@etalage/core";
import { colorValue, optionValue } from "./demo-attributes.ts";
import { CAT, categoryUrlPath } from "./demo-categories.ts";

export function buildRedirects(products: readonly Product[]): Redirect[] {
  const giftCard = products.find((p) => p.sku === "CAD50")!;
  const moved: [from: string, to: string, type?: 302][] = [
    ["heren/kleding.html", categoryUrlPath(CAT.kleding)],
    ["heren/schoenen.html", categoryUrlPath(CAT.schoenen)],
    ["heren/kleding/overhemden.html", categoryUrlPath(CAT.overhemden)],
    ["overhemden", categoryUrlPath(CAT.overhemden)],
    ["jeans.html", categoryUrlPath(CAT.jeans)],
    ["sneakers", categoryUrlPath(CAT.sneakers)],
    ["heren/schoenen/nette-schoenen.html", categoryUrlPath(CAT.netteSchoenen)],
    ["heren/accessoires/riemen.html", categoryUrlPath(CAT.riemen)],
    ["nieuwe-collectie", categoryUrlPath(CAT.nieuw)],
    ["cadeaubon", giftCard.url_path],
    // Temporary: the winter sale campaign URL points at Sale until the campaign page is back.
    ["winter-sale", categoryUrlPath(CAT.sale), 302],
  ];
  return moved.map(([from, to, type], i) => ({
    id: i + 1,
    request_path: from,
    target_path: to,
    redirect_type: type ?? 301,
  }));
}

export function buildLandingPages(): LandingPage[] {
  // A price given as two values is a range (browsing §4: a two-element list becomes min and max).
  const pages: [path: string, title: string, category: number, filter: Record<string, string[]>][] = [
    ["zwarte-sneakers", "Zwarte sneakers", CAT.sneakers, { color: [colorValue("zwart")] }],
    ["witte-overhemden", "Witte overhemden", CAT.overhemden, { color: [colorValue("wit")] }],
    ["navy-pakken", "Navy pakken en colberts", CAT.pakken, { color: [colorValue("navy")] }],
    ["bruine-boots", "Bruine boots", CAT.boots, { color: [colorValue("bruin"), colorValue("cognac")] }],
    [
      "linnen-overhemden",
      "Linnen overhemden",
      CAT.overhemden,
      { material: [optionValue("material", "linnen")] },
    ],
    [
      "merino-truien",
      "Truien van merinowol",
      CAT.truien,
      { material: [optionValue("material", "merinowol")] },
    ],
    ["blauwe-jeans", "Blauwe jeans", CAT.jeans, { color: [colorValue("blauw")] }],
    ["cadeaus", "Cadeaus", CAT.accessoires, {}],
    ["cadeaus/onder-50", "Cadeaus onder € 50", CAT.accessoires, { price: ["0", "50"] }],
  ];
  return pages.map(([url_path, title, category_id, filter], i) => ({
    id: i + 1,
    url_path,
    category_id,
    filter_attributes: JSON.stringify(filter),
    title,
  }));
}
