export * from "./consent.ts";
export * from "./customer-data.ts";
export * from "./ga4.ts";
