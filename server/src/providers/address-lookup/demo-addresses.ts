import { STORES } from "../../services/stores/index.ts";

/** One address of the built-in lookup, in BAG's terms (Locatieserver's fields). */
export interface DemoAddress {
  straatnaam: string;
  huisnummer: number;
  huisletter?: string;
  huisnummertoevoeging?: string;
  /** `3511AB`, no space, as BAG writes it. */
  postcode: string;
  woonplaatsnaam: string;
}

/**
 * The demo's Dutch addresses: every store's, and the ones the demo, the tests and the docs use.
 * A real shop switches to PDOK (PDOK_LOCATIESERVER_URL), which knows all 9 million of them.
 */
const OWN: DemoAddress[] = [
  { straatnaam: "Oudegracht", huisnummer: 12, postcode: "3511AB", woonplaatsnaam: "Utrecht" },
  { straatnaam: "Oudegracht", huisnummer: 14, postcode: "3511AB", woonplaatsnaam: "Utrecht" },
  { straatnaam: "Oudegracht", huisnummer: 112, postcode: "3511AX", woonplaatsnaam: "Utrecht" },
  { straatnaam: "Keizersgracht", huisnummer: 100, postcode: "1015CX", woonplaatsnaam: "Amsterdam" },
  {
    straatnaam: "Keizersgracht",
    huisnummer: 100,
    huisletter: "A",
    postcode: "1015CX",
    woonplaatsnaam: "Amsterdam",
  },
  { straatnaam: "Damrak", huisnummer: 1, postcode: "1012LG", woonplaatsnaam: "Amsterdam" },
  { straatnaam: "Coolsingel", huisnummer: 40, postcode: "3011AD", woonplaatsnaam: "Rotterdam" },
  {
    straatnaam: "Stationsplein",
    huisnummer: 7,
    huisnummertoevoeging: "2",
    postcode: "9726AE",
    woonplaatsnaam: "Groningen",
  },
];

function storeAddresses(): DemoAddress[] {
  const out: DemoAddress[] = [];
  for (const store of STORES) {
    if (store.country_id !== "NL") continue;
    const match = /^(.*\S)\s+(\d+)$/.exec(store.street);
    if (!match) continue;
    out.push({
      straatnaam: match[1]!,
      huisnummer: Number(match[2]),
      postcode: store.postcode.replace(/\s/g, "").toUpperCase(),
      woonplaatsnaam: store.city,
    });
  }
  return out;
}

export const DEMO_ADDRESSES: readonly DemoAddress[] = [...OWN, ...storeAddresses()];
