export * from "./address.ts";
export * from "./email.ts";
export * from "./passkey.ts";
export * from "./password.ts";
export * from "./privacy.ts";
export * from "./session.ts";
