export * from "./address.ts";
export * from "./email.ts";
export * from "./password.ts";
export * from "./session.ts";
export * from "./privacy.ts";
