import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { fieldError } from "../../services/accounts/passwords.ts";
import type { RelyingParty } from "../../services/accounts/webauthn.ts";

const PASSKEY_NEEDS_NAME =
  "Passkeys only work when the shop is opened by its name (such as localhost), not by an IP address.";

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * The relying party of a passkey ceremony: PASSKEY_RP_ID and PASSKEY_ORIGIN, or, unset, the
 * request's Host (https when the request or PUBLIC_URL is). A browser refuses an IP address as
 * RP ID with an exception the customer cannot read; we refuse first, with a message that says why.
 */
export function relyingParty(config: Config, request: FastifyRequest): RelyingParty {
  const hostname = request.hostname.replace(/^\[|\]$/g, "");
  const id = config.PASSKEY_RP_ID ?? hostname.toLowerCase();
  if (!config.PASSKEY_RP_ID) {
    if (isIP(hostname) !== 0) throw fieldError("headers.host", PASSKEY_NEEDS_NAME);
    if (!HOST.test(hostname)) throw fieldError("headers.host", "must be the shop's host name");
  }
  if (config.PASSKEY_ORIGIN) return { id, origin: config.PASSKEY_ORIGIN };
  const secure = request.protocol === "https" || config.PUBLIC_URL.startsWith("https:");
  return { id, origin: `${secure ? "https" : "http"}://${request.host.toLowerCase()}` };
}
