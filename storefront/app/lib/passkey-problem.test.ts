import { describe, expect, it } from "vitest";
import { passkeyProblem } from "./passkey-problem.ts";

const domError = (name: string) => Object.assign(new Error("browser message"), { name });

describe("why a passkey did not work, in Dutch", () => {
  it.each([
    [domError("NotAllowedError"), "De passkey is geannuleerd of duurde te lang. Probeer het opnieuw."],
    [domError("AbortError"), "De passkey is geannuleerd of duurde te lang. Probeer het opnieuw."],
    [domError("InvalidStateError"), "Dit apparaat heeft al een passkey voor je account."],
    [
      Object.assign(new Error("x"), { code: "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" }),
      "Dit apparaat heeft al een passkey voor je account.",
    ],
    [
      Object.assign(new Error("x"), { name: "SecurityError", code: "ERROR_INVALID_DOMAIN" }),
      "Passkeys werken alleen als je de winkel opent via zijn naam (zoals localhost), niet via een IP-adres.",
    ],
    [domError("NotSupportedError"), "Je browser kon geen passkey gebruiken."],
    [undefined, "Je browser kon geen passkey gebruiken."],
  ])("%s", (error, message) => {
    expect(passkeyProblem(error)).toBe(message);
  });
});
