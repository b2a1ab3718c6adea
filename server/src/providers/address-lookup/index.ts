import {
  type AddressQuery,
  addressOf,
  builtinLocatieserver,
  type LocatieserverAnswer,
  type LookedUpAddress,
  locatieserverUrl,
} from "./locatieserver.ts";

/** The address-lookup port: one adapter (PDOK Locatieserver), built in or the real one by configuration. */
export interface AddressLookup {
  kind: "builtin" | "pdok";
  /** The address, null when the register does not know it; throws when the service cannot be reached. */
  lookup(query: AddressQuery): Promise<LookedUpAddress | null>;
}

/** Where the built-in Locatieserver answers: in-process, no socket. */
const BUILTIN_BASE = "http://locatieserver.builtin";

/**
 * The adapter speaks Locatieserver's wire format to whichever answers: PDOK's own service when
 * PDOK_LOCATIESERVER_URL is set (https://api.pdok.nl), else the built-in one with the demo's addresses.
 */
export function createAddressLookup(config: { PDOK_LOCATIESERVER_URL?: string | undefined }): AddressLookup {
  const base = config.PDOK_LOCATIESERVER_URL;
  const ask = base
    ? async (url: URL): Promise<LocatieserverAnswer> => {
        const res = await fetch(url, {
          signal: AbortSignal.timeout(3000),
          headers: { accept: "application/json" },
        });
        if (!res.ok) throw new Error(`PDOK Locatieserver answered ${res.status}`);
        return (await res.json()) as LocatieserverAnswer;
      }
    : async (url: URL) => builtinLocatieserver(url);
  return {
    kind: base ? "pdok" : "builtin",
    async lookup(query) {
      return addressOf(await ask(locatieserverUrl(base ?? BUILTIN_BASE, query)), query);
    },
  };
}
