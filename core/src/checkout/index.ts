export * from "./company.ts";
export * from "./fulfilment.ts";
export * from "./geo.ts";
export * from "./order-address.ts";
export * from "./order-status.ts";
export * from "./payment-methods.ts";
export * from "./postcode.ts";
export * from "./vat-number.ts";
