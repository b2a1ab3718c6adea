/**
 * Fictional brands of the demo shop (Dutch and European sounding, none a real trademark as far as
 * we know). Each brand makes a few kinds of things, so a shoemaker never sells T-shirts.
 */
import { CAT, type LeafKey } from "./demo-categories.ts";

export interface Brand {
  name: string;
  leaves: readonly LeafKey[];
}

export const BRANDS: readonly Brand[] = [
  { name: "Atelier Brouwer", leaves: ["overhemden", "pakken", "broeken"] },
  { name: "Maison Lindeboom", leaves: ["overhemden", "truien", "pakken", "sjaals"] },
  { name: "Van Wijckel", leaves: ["overhemden", "broeken", "pakken", "riemen"] },
  { name: "Kadewerk", leaves: ["tshirts", "truien", "jassen", "jeans", "broeken"] },
  { name: "Grachtenhuys", leaves: ["overhemden", "tshirts", "truien", "broeken"] },
  { name: "Dijkman Denim", leaves: ["jeans", "overhemden", "jassen", "tshirts"] },
  { name: "Zuiderzee Supply Co.", leaves: ["jassen", "tshirts", "truien", "tassen"] },
  { name: "Polderwind", leaves: ["jassen", "truien", "sjaals"] },
  { name: "Waddenkust", leaves: ["tshirts", "truien", "jassen", "sokken"] },
  { name: "Brederode Heritage", leaves: ["truien", "jassen", "pakken", "sjaals", "riemen"] },
  { name: "Steenbergen & Zn.", leaves: ["broeken", "pakken", "overhemden"] },
  { name: "Hoekstra Schoenmakers", leaves: ["netteSchoenen", "boots", "loafers", "riemen"] },
  { name: "Casa Moretti", leaves: ["netteSchoenen", "loafers", "riemen", "tassen"] },
  { name: "Fratelli Orsini", leaves: ["loafers", "sneakers", "netteSchoenen"] },
  { name: "Ridderhof", leaves: ["boots", "netteSchoenen", "riemen"] },
  { name: "Ostwald Berlin", leaves: ["sneakers", "boots", "tassen"] },
  { name: "Lindqvist", leaves: ["tshirts", "truien", "sneakers", "sjaals"] },
  { name: "Sørensen & Vik", leaves: ["jassen", "truien", "sjaals", "tassen"] },
  { name: "Maison Duvalier", leaves: ["overhemden", "pakken", "sjaals", "sokken"] },
  { name: "Eikenhout", leaves: ["riemen", "tassen", "boots"] },
  { name: "Noordhoek Knitwear", leaves: ["truien", "sjaals", "sokken"] },
  { name: "Koppelsteek", leaves: ["sokken", "sjaals"] },
  { name: "Runa Studio", leaves: ["sneakers", "tshirts", "jeans"] },
  { name: "Huize Ravenstein", leaves: ["pakken", "overhemden", "truien"] },
  { name: "Stadsstrand", leaves: ["tshirts", "broeken", "sneakers", "tassen"] },
  { name: "Kramer & Vos", leaves: ["overhemden", "jassen", "broeken", "loafers"] },
];

const byLeaf = new Map<number, Brand[]>();
for (const brand of BRANDS) {
  for (const leaf of brand.leaves) {
    const id = CAT[leaf];
    byLeaf.set(id, [...(byLeaf.get(id) ?? []), brand]);
  }
}

export function brandsFor(leaf: number): readonly Brand[] {
  const brands = byLeaf.get(leaf);
  if (!brands) throw new Error(`demo catalogue: no brand sells category ${leaf}`);
  return brands;
}
