export * from "./geo.ts";
export * from "./order-status.ts";
export * from "./postcode.ts";
