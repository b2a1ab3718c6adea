import { DEMO_ADDRESSES, type DemoAddress } from "./demo-addresses.ts";

/**
 * PDOK Locatieserver v3_1 (`/bzk/locatieserver/search/v3_1/free`), the public lookup of the
 * Dutch addresses register (BAG); no key. Its answer: `{ response: { numFound, start, docs[] } }`,
 * a doc per address with `straatnaam`, `huisnummer`, `huisletter`, `huisnummertoevoeging`,
 * `postcode`, `woonplaatsnaam`, `weergavenaam` (reference/vendor-apis.md).
 */
const LOCATIESERVER_FREE = "/bzk/locatieserver/search/v3_1/free";

interface LocatieserverDoc extends DemoAddress {
  type: "adres";
  weergavenaam: string;
  id: string;
}

export interface LocatieserverAnswer {
  response: { numFound: number; start: number; maxScore: number; docs: LocatieserverDoc[] };
}

/** An address as the shop's API answers it (contract "The rest": `GET /api/ext/address/lookup`). */
export interface LookedUpAddress {
  street: string;
  houseNumber: number;
  addition: string;
  postcode: string;
  city: string;
}

export interface AddressQuery {
  /** `3511AB`: normalised, no space. */
  postcode: string;
  houseNumber: number;
  /** A house letter and/or addition (`A`, `2`, `A-2`), or "". */
  addition: string;
}

const additionOf = (doc: DemoAddress) =>
  [doc.huisletter, doc.huisnummertoevoeging].filter(Boolean).join("-").toUpperCase();

/**
 * The built-in Locatieserver: the `free` search with `fq=postcode:` and `fq=huisnummer:` filters
 * (what the adapter sends) over the demo's addresses, in PDOK's answer shape.
 */
export function builtinLocatieserver(url: URL): LocatieserverAnswer {
  const filters = new Map<string, string>();
  for (const fq of url.searchParams.getAll("fq")) {
    const at = fq.indexOf(":");
    if (at > 0) filters.set(fq.slice(0, at), fq.slice(at + 1).replace(/^"|"$/g, ""));
  }
  const rows = Math.min(Number(url.searchParams.get("rows") ?? 10) || 10, 100);
  const docs = DEMO_ADDRESSES.filter(
    (a) =>
      (filters.get("type") ?? "adres") === "adres" &&
      (!filters.has("postcode") || a.postcode === filters.get("postcode")!.toUpperCase()) &&
      (!filters.has("huisnummer") || String(a.huisnummer) === filters.get("huisnummer")),
  ).map(
    (a, i): LocatieserverDoc => ({
      ...a,
      type: "adres",
      id: `adr-demo-${a.postcode}-${a.huisnummer}-${i}`,
      weergavenaam: `${a.straatnaam} ${a.huisnummer}${additionOf(a) ? `-${additionOf(a)}` : ""}, ${a.postcode.slice(0, 4)}${a.postcode.slice(4)} ${a.woonplaatsnaam}`,
    }),
  );
  return {
    response: {
      numFound: docs.length,
      start: 0,
      maxScore: docs.length > 0 ? 1 : 0,
      docs: docs.slice(0, rows),
    },
  };
}

/** The request the adapter makes: an exact address by postcode and house number. */
export function locatieserverUrl(base: string, query: AddressQuery): URL {
  const url = new URL(`${base.replace(/\/+$/, "")}${LOCATIESERVER_FREE}`);
  url.searchParams.append("fq", "type:adres");
  url.searchParams.append("fq", `postcode:${query.postcode}`);
  url.searchParams.append("fq", `huisnummer:${query.houseNumber}`);
  url.searchParams.set("fl", "straatnaam huisnummer huisletter huisnummertoevoeging postcode woonplaatsnaam");
  url.searchParams.set("rows", "50");
  return url;
}

/**
 * The address the answer names: the one with the asked addition, or without one when none was
 * asked and the number has one without (a number with only additions answers the first, whose
 * street and city are the same for all of them).
 */
export function addressOf(answer: LocatieserverAnswer, query: AddressQuery): LookedUpAddress | null {
  const docs = answer.response?.docs ?? [];
  const wanted = query.addition.toUpperCase().replace(/[\s-]/g, "");
  const doc =
    docs.find((d) => additionOf(d).replace(/-/g, "") === wanted) ?? (wanted === "" ? docs[0] : undefined);
  if (!doc?.straatnaam || !doc.woonplaatsnaam) return null;
  return {
    street: doc.straatnaam,
    houseNumber: doc.huisnummer,
    addition: additionOf(doc),
    postcode: `${doc.postcode.slice(0, 4)} ${doc.postcode.slice(4)}`,
    city: doc.woonplaatsnaam,
  };
}
