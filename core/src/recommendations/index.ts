export * from "./landing-path.ts";
export * from "./learning.ts";
export * from "./params.ts";
export * from "./phrases.ts";
export * from "./style.ts";
