export * from "./consent.ts";
export * from "./ga4.ts";
