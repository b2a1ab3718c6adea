import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey authenticator in software, for the API tests: it creates ES256 credentials with
 * attestation "none" and signs assertions as a phone or laptop would (WebAuthn Level 2 §6.1,
 * §6.5.4), so the server verifies real responses, signature and counter included.
 */

const b64u = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftPasskey {
  id: string;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

function counterBytes(counter: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** `navigator.credentials.create()` with a new ES256 key, as @simplewebauthn/browser returns it. */
export function createPasskey(options: CreationOptions, origin: string, flags = UP | UV) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
    ]),
  );
  const credentialId = randomBytes(32);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([flags | AT]),
    counterBytes(0),
    Buffer.alloc(16), // AAGUID: none
    length,
    credentialId,
    Buffer.from(cose),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", new Uint8Array(authData)],
    ]) as never,
  );
  const id = b64u(credentialId);
  const passkey: SoftPasskey = { id, privateKey, rpId, userHandle: options.user.id, counter: 0 };
  const response = {
    id,
    rawId: id,
    type: "public-key" as const,
    clientExtensionResults: {},
    authenticatorAttachment: "platform" as const,
    response: {
      clientDataJSON: b64u(clientData("webauthn.create", options.challenge, origin)),
      attestationObject: b64u(attestationObject),
      transports: ["internal"],
    },
  };
  return { passkey, response };
}

/**
 * `navigator.credentials.get()`: signs the challenge and raises the counter by `step` (0 keeps
 * it, as a synced passkey does; a negative step makes a cloned key's answer).
 */
export function assert(
  passkey: SoftPasskey,
  options: RequestOptions,
  origin: string,
  { step = 1, flags = UP | UV }: { step?: number; flags?: number } = {},
) {
  passkey.counter += step;
  const authData = Buffer.concat([
    sha256(options.rpId ?? passkey.rpId),
    Buffer.from([flags]),
    counterBytes(passkey.counter),
  ]);
  const data = clientData("webauthn.get", options.challenge, origin);
  const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), passkey.privateKey);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: "public-key" as const,
    clientExtensionResults: {},
    authenticatorAttachment: "platform" as const,
    response: {
      clientDataJSON: b64u(data),
      authenticatorData: b64u(authData),
      signature: b64u(signature),
      userHandle: passkey.userHandle,
    },
  };
}
