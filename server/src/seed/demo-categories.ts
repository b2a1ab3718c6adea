/**
 * The category tree of the demo shop: "Heren" (root 2) with clothing, shoes, accessories and two
 * merchandising categories. Ids are fixed so redirects, landing pages, CMS content and tests can
 * name them.
 */
import type { Category, Product } from "@etalage/core";

export const CAT = {
  root: 2,
  kleding: 10,
  overhemden: 11,
  tshirts: 12,
  truien: 13,
  jassen: 14,
  broeken: 15,
  jeans: 16,
  pakken: 17,
  schoenen: 20,
  sneakers: 21,
  netteSchoenen: 22,
  boots: 23,
  loafers: 24,
  accessoires: 30,
  riemen: 31,
  sokken: 32,
  sjaals: 33,
  tassen: 34,
  nieuw: 40,
  sale: 41,
} as const;

export type LeafKey = Exclude<
  keyof typeof CAT,
  "root" | "kleding" | "schoenen" | "accessoires" | "nieuw" | "sale"
>;

/** The magic ids of Magento: 1 is the invisible tree root, 2 the store's root category. */
const TREE_ROOT = 1;

interface CategoryDef {
  id: number;
  parent: number;
  name: string;
  urlKey: string;
  /** One or two Dutch sentences for the listing page and the meta description. */
  text: string;
}

const DEFS: readonly CategoryDef[] = [
  {
    id: CAT.root,
    parent: TREE_ROOT,
    name: "Heren",
    urlKey: "heren",
    text: "Herenmode en schoenen van Europese merken, zorgvuldig geselecteerd.",
  },
  {
    id: CAT.kleding,
    parent: CAT.root,
    name: "Kleding",
    urlKey: "kleding",
    text: "Herenkleding voor kantoor, weekend en alles daartussen. Van overhemden tot overjassen.",
  },
  {
    id: CAT.overhemden,
    parent: CAT.kleding,
    name: "Overhemden",
    urlKey: "overhemden",
    text: "Overhemden in slim, regular en tailored fit: Oxford, popeline, linnen en flanel.",
  },
  {
    id: CAT.tshirts,
    parent: CAT.kleding,
    name: "T-shirts & polo's",
    urlKey: "t-shirts-polos",
    text: "T-shirts, longsleeves en polo's van zacht katoen en merinowol, effen of gestreept.",
  },
  {
    id: CAT.truien,
    parent: CAT.kleding,
    name: "Truien & vesten",
    urlKey: "truien-vesten",
    text: "Truien en vesten van merinowol, lamswol en kasjmier. Warm, licht en tijdloos.",
  },
  {
    id: CAT.jassen,
    parent: CAT.kleding,
    name: "Jassen",
    urlKey: "jassen",
    text: "Jassen voor elk seizoen: van een licht regenjack tot een wollen overjas.",
  },
  {
    id: CAT.broeken,
    parent: CAT.kleding,
    name: "Broeken",
    urlKey: "broeken",
    text: "Chino's, pantalons en linnen broeken in de juiste taille- en lengtemaat.",
  },
  {
    id: CAT.jeans,
    parent: CAT.kleding,
    name: "Jeans",
    urlKey: "jeans",
    text: "Jeans in slim, straight en tapered fit, van stretch denim tot stevige selvedge.",
  },
  {
    id: CAT.pakken,
    parent: CAT.kleding,
    name: "Pakken & colberts",
    urlKey: "pakken-colberts",
    text: "Pakken, colberts en gilets voor kantoor, bruiloft en feestelijke avonden.",
  },
  {
    id: CAT.schoenen,
    parent: CAT.root,
    name: "Schoenen",
    urlKey: "schoenen",
    text: "Herenschoenen van leer en suède: sneakers, nette schoenen, boots en loafers.",
  },
  {
    id: CAT.sneakers,
    parent: CAT.schoenen,
    name: "Sneakers",
    urlKey: "sneakers",
    text: "Sneakers van leer, suède en canvas, van minimalistisch wit tot sportieve runners.",
  },
  {
    id: CAT.netteSchoenen,
    parent: CAT.schoenen,
    name: "Nette schoenen",
    urlKey: "nette-schoenen",
    text: "Nette herenschoenen: Oxfords, derby's, brogues en monk straps, Goodyear welted.",
  },
  {
    id: CAT.boots,
    parent: CAT.schoenen,
    name: "Boots",
    urlKey: "boots",
    text: "Chelsea boots, veterboots en desert boots voor herfst en winter.",
  },
  {
    id: CAT.loafers,
    parent: CAT.schoenen,
    name: "Loafers",
    urlKey: "loafers",
    text: "Loafers en mocassins: makkelijk aan, verzorgd onder een chino of pantalon.",
  },
  {
    id: CAT.accessoires,
    parent: CAT.root,
    name: "Accessoires",
    urlKey: "accessoires",
    text: "De details die een outfit afmaken: riemen, sokken, sjaals en tassen.",
  },
  {
    id: CAT.riemen,
    parent: CAT.accessoires,
    name: "Riemen",
    urlKey: "riemen",
    text: "Leren, suède en gevlochten riemen in lengtes van 85 tot 105 centimeter.",
  },
  {
    id: CAT.sokken,
    parent: CAT.accessoires,
    name: "Sokken",
    urlKey: "sokken",
    text: "Sokken van katoen, merinowol en bamboe, effen of met een vrolijk dessin.",
  },
  {
    id: CAT.sjaals,
    parent: CAT.accessoires,
    name: "Sjaals",
    urlKey: "sjaals",
    text: "Sjaals van wol, kasjmier en katoen voor koude dagen en frisse avonden.",
  },
  {
    id: CAT.tassen,
    parent: CAT.accessoires,
    name: "Tassen",
    urlKey: "tassen",
    text: "Weekendtassen, rugzakken, laptoptassen en toilettassen van leer en canvas.",
  },
  {
    id: CAT.nieuw,
    parent: CAT.root,
    name: "Nieuw",
    urlKey: "nieuw",
    text: "De nieuwste herenkleding, schoenen en accessoires, elke week aangevuld.",
  },
  {
    id: CAT.sale,
    parent: CAT.root,
    name: "Sale",
    urlKey: "sale",
    text: "Afgeprijsde herenmode en schoenen, zolang de voorraad strekt.",
  },
];

const defById = new Map(DEFS.map((d) => [d.id, d]));

/** Ids from the store root down to `id`, root included. */
function lineage(id: number): number[] {
  const ids: number[] = [];
  for (let d = defById.get(id); d; d = defById.get(d.parent)) ids.unshift(d.id);
  return ids;
}

/**
 * The categories a product in `leaf` belongs to: the leaf and its ancestors below the root,
 * parents first. The root stays out because every product is under it anyway.
 */
export function categoryChain(leaf: number): number[] {
  return lineage(leaf).filter((id) => id !== CAT.root);
}

export const categoryName = (id: number) => defById.get(id)!.name;

/** Where a category lives in the tree, e.g. "schoenen/sneakers"; the root's path is empty. */
export function categoryUrlPath(id: number): string {
  return categoryChain(id)
    .map((c) => defById.get(c)!.urlKey)
    .join("/");
}

/**
 * Category records. `product_count` counts the products a listing would show: enabled, visible in
 * the catalogue or search, in the category or below it (products carry their ancestors too).
 */
export function buildCategories(products: readonly Product[]): Category[] {
  const counts = new Map<number, number>();
  let rootCount = 0;
  for (const p of products) {
    if (p.status !== 1 || p.visibility === 1) continue;
    if (p.category_ids.length > 0) rootCount++;
    for (const id of p.category_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return DEFS.map((d) => {
    const ancestors = [TREE_ROOT, ...lineage(d.id)];
    const siblings = DEFS.filter((s) => s.parent === d.parent);
    const isRoot = d.id === CAT.root;
    const descendants = DEFS.filter((s) => s.id !== d.id && lineage(s.id).includes(d.id)).length;
    return {
      id: d.id,
      parent_id: d.parent,
      parent_ids: ancestors.slice(0, -1),
      level: ancestors.length - 1,
      name: d.name,
      slug: d.urlKey,
      is_active: true,
      include_in_menu: true,
      position: siblings.indexOf(d) + 1,
      product_count: isRoot ? rootCount : (counts.get(d.id) ?? 0),
      path: ancestors.join("/"),
      url_key: d.urlKey,
      url_path: isRoot ? "" : categoryUrlPath(d.id),
      children_count: descendants,
      description: `<p>${d.text}</p>`,
      meta_title: isRoot ? "Herenmode en schoenen | Etalage" : `${d.name} voor heren | Etalage`,
      meta_description: d.text,
      meta_keywords: isRoot ? "herenmode, herenkleding, herenschoenen" : `${d.name.toLowerCase()}, heren`,
    };
  });
}
