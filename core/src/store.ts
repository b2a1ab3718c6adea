/** The single store view Etalage serves (browsing §1, contract "Conventions"). */
export const STORE = {
  storeCode: "nl",
  storeId: 2,
  name: "Etalage",
  locale: "nl-NL",
  currencyCode: "EUR",
  countryId: "NL",
  rootCategoryId: 2,
  catalogIndex: "catalog_nl",
  /** Multistore prefixes are supported but off for this shop (browsing §1). */
  appendStoreCode: false,
} as const;
