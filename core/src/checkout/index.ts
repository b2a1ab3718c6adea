export * from "./geo.ts";
export * from "./postcode.ts";
