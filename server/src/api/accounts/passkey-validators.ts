import { z } from "zod";
import { int4, line } from "../../http/schemas.ts";

/**
 * What the browser sends back from a WebAuthn ceremony (@simplewebauthn/browser's
 * RegistrationResponseJSON and AuthenticationResponseJSON): binary fields as base64url, bounded.
 * Only the extension results stay open (a browser or password manager may add its own); their
 * keys and values still pass the shared input rule.
 */
const base64url = (max: number) =>
  z
    .string({ error: "is required" })
    .max(max, `is longer than ${max} characters`)
    .regex(/^[A-Za-z0-9_-]*$/, "must be base64url");
const required = (max: number) => base64url(max).min(1, "is required");

/** A credential id is at most 1023 bytes (WebAuthn Level 3), 1364 characters of base64url. */
const credentialId = required(1400);
const transports = z
  .array(
    line(20).regex(/^[a-z-]+$/, "must be a transport such as internal or usb"),
    "must be a list of transports",
  )
  .max(10);
const extensionResults = z.record(line(40), z.unknown()).default({});
const common = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", { error: 'must be "public-key"' }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensionResults,
};

export const registrationBody = z.strictObject({
  credential: z.strictObject({
    ...common,
    response: z.strictObject({
      clientDataJSON: required(8192),
      attestationObject: required(65_536),
      authenticatorData: base64url(65_536).optional(),
      transports: transports.optional(),
      publicKeyAlgorithm: z.number().int().min(-65_536).max(65_536).optional(),
      publicKey: base64url(8192).optional(),
    }),
  }),
});

export const authenticationBody = z.strictObject({
  credential: z.strictObject({
    ...common,
    response: z.strictObject({
      clientDataJSON: required(8192),
      authenticatorData: required(8192),
      signature: required(2048),
      userHandle: base64url(128).optional(),
    }),
  }),
});

export const passkeyParams = z.strictObject({
  id: z.coerce.number({ error: "must be a number" }).pipe(int4()),
});

export const passkeyAnswer = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  transports: z.array(z.string()),
});

/** WebAuthn's options (PublicKeyCredential{Creation,Request}OptionsJSON), passed on as they are. */
export const optionsAnswer = z.object({ challenge: z.string() }).catchall(z.unknown());
