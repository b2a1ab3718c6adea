/**
 * What a passkey ceremony needs in the browser, in one chunk loaded on first use (the shop's
 * passkeys and the back office's import() it): @simplewebauthn/browser and the Dutch reason a
 * call failed. Kept together so neither the shop's pages nor the back office pay for them up front.
 */
export { startAuthentication, startRegistration } from "@simplewebauthn/browser";
export { passkeyProblem } from "./passkey-problem.ts";
