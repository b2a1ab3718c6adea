export * from "./geo.ts";
export * from "./order-status.ts";
export * from "./payment-methods.ts";
export * from "./postcode.ts";
