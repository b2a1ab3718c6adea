import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Draft preview tokens (browsing §6: "draft CMS preview needs a preview token"). Stateless and
 * signed, so any instance can check one: `<claims>.<signature>`, both base64url, the signature an
 * HMAC-SHA256 of the claims part. A token opens the drafts of one story, until it expires.
 */

/** The one content space of this shop; the preview URL's `spaceId`. */
export const CMS_SPACE_ID = 1;

export interface PreviewClaims {
  /** The story the token opens. */
  sid: number;
  space: number;
  /** Issued at (Unix seconds): the preview URL's `timestamp`. */
  iat: number;
  /** Expires at (Unix seconds). */
  exp: number;
}

export type TokenCheck = { ok: true; claims: PreviewClaims } | { ok: false; reason: "invalid" | "expired" };

export class PreviewTokens {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  issue(storyId: number): { token: string; claims: PreviewClaims } {
    const iat = Math.floor(this.now().getTime() / 1000);
    const claims: PreviewClaims = { sid: storyId, space: CMS_SPACE_ID, iat, exp: iat + this.ttlSeconds };
    const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
    return { token: `${body}.${this.sign(body)}`, claims };
  }

  check(token: string | undefined): TokenCheck {
    if (!token || token.length > 1024) return { ok: false, reason: "invalid" };
    const [body, signature, ...rest] = token.split(".");
    if (!body || !signature || rest.length > 0) return { ok: false, reason: "invalid" };
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return { ok: false, reason: "invalid" };
    let claims: PreviewClaims;
    try {
      claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as PreviewClaims;
    } catch {
      return { ok: false, reason: "invalid" };
    }
    if (![claims.sid, claims.space, claims.iat, claims.exp].every(Number.isSafeInteger)) {
      return { ok: false, reason: "invalid" };
    }
    if (claims.exp * 1000 <= this.now().getTime()) return { ok: false, reason: "expired" };
    return { ok: true, claims };
  }

  private sign(body: string): string {
    return createHmac("sha256", this.secret).update(body).digest("base64url");
  }
}

const SECRET_FILE = "cms-preview-secret";

/**
 * CMS_PREVIEW_SECRET, or a secret generated into DATA_DIR on first start and kept there, so a
 * development shop needs no setting and no secret is ever in the repository. Instances that share
 * a database but not a data folder must be given CMS_PREVIEW_SECRET, or they refuse each other's tokens.
 */
export async function previewSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    // Another process got there first: use its secret.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = (await readFile(file, "utf8")).trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to have a new one made`);
  return secret;
}
