/**
 * `npm run check-vendors` for Storyblok, Voyado Engage and Voyado Elevate: the vendor when its
 * credentials are set, else the shop's built-in emulator of it, through the same clients the
 * shop itself uses.
 */
import StoryblokClient from "storyblok-js-client";
import { storyblokSignature } from "../../api/cms/storyblok-webhook.ts";
import { ENGAGE_API_BASE } from "../../api/voyado-engage/route.ts";
import type { Config } from "../../config.ts";
import { spaceTokens } from "../../providers/cms/builtin-cda.ts";
import { loadEngageApiKey } from "../../providers/customer-data/engage-api.ts";
import { EngageClient } from "../../providers/customer-data/engage-client.ts";
import { localKey } from "../../providers/local-key.ts";
import { clusterOrigin } from "../../providers/recommendations/cluster.ts";
import { previewSecret } from "../cms/preview-token.ts";
import { unreachable, type VendorCheck } from "./types.ts";

const CMS_BASE = "/api/ext/vsf-storyblok-extension";
const REGION_HOSTS: Record<string, string> = {
  eu: "https://api.storyblok.com/v2",
  us: "https://api-us.storyblok.com/v2",
  ap: "https://api-ap.storyblok.com/v2",
  ca: "https://api-ca.storyblok.com/v2",
  cn: "https://app.storyblokchina.cn/v2",
};

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status;
  return typeof status === "number" && status > 0 ? status : undefined;
}

export async function checkStoryblok(config: Config, shop: string): Promise<VendorCheck> {
  const vendor = Boolean(config.STORYBLOK_ACCESS_TOKEN);
  const endpoint = vendor
    ? (config.STORYBLOK_API_URL ?? REGION_HOSTS[config.STORYBLOK_REGION]!)
    : `${shop}${CMS_BASE}`;
  const tokens = vendor
    ? undefined
    : spaceTokens(await previewSecret(config.CMS_PREVIEW_SECRET, config.dataDir));
  const accessToken = config.STORYBLOK_ACCESS_TOKEN ?? tokens!.public;
  const check: VendorCheck = {
    vendor: "Storyblok",
    target: vendor ? "vendor" : "built-in",
    url: endpoint,
    reached: false,
    credentials: "not checked",
    webhook: vendor ? "not configured" : "not used",
    notes: [],
  };
  const client = (token: string) =>
    new StoryblokClient({ accessToken: token, endpoint, cache: { type: "none", cv: "manual" }, timeout: 10 });
  try {
    const space = await client(accessToken).get("cdn/spaces/me", {});
    check.reached = true;
    check.credentials = "valid";
    check.notes.push(`space ${space.data.space?.id} at cache version ${space.data.space?.version}`);
  } catch (error) {
    const status = statusOf(error);
    check.reached = status !== undefined;
    check.credentials = status === 401 ? "invalid" : "not checked";
    check.notes.push(
      status ? `the access token was refused (${status})` : `not reached: ${unreachable(error)}`,
    );
    return check;
  }
  const preview = config.STORYBLOK_PREVIEW_TOKEN ?? tokens?.preview;
  if (preview) {
    try {
      await client(preview).get("cdn/stories", { version: "draft", per_page: 1 });
      check.notes.push("the preview token reads drafts");
    } catch (error) {
      check.credentials = "invalid";
      check.notes.push(`the preview token cannot read drafts (${statusOf(error) ?? unreachable(error)})`);
    }
  } else check.notes.push("no STORYBLOK_PREVIEW_TOKEN: editors cannot preview drafts");
  if (vendor) check.webhook = await checkStoryblokWebhook(config, shop, check.notes);
  return check;
}

/** The shop's side of Storyblok's webhook: refuses an unsigned notice, takes one signed with the secret. */
async function checkStoryblokWebhook(
  config: Config,
  shop: string,
  notes: string[],
): Promise<VendorCheck["webhook"]> {
  const url = `${shop}${CMS_BASE}/webhook`;
  notes.push(
    `Storyblok → Settings → Webhooks: ${url}, story published/unpublished/deleted/moved, with the secret`,
  );
  if (!config.STORYBLOK_WEBHOOK_SECRET) {
    notes.push("no STORYBLOK_WEBHOOK_SECRET: the shop cannot tell Storyblok's notices from anyone's");
    return "not configured";
  }
  const body = JSON.stringify({
    text: "check-vendors",
    action: "check-vendors",
    space_id: config.STORYBLOK_SPACE_ID ?? 0,
  });
  try {
    const post = (signature?: string) =>
      fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(signature ? { "webhook-signature": signature } : {}),
        },
        body,
      });
    const [unsigned, signed] = [
      await post(),
      await post(storyblokSignature(config.STORYBLOK_WEBHOOK_SECRET, body)),
    ];
    if (unsigned.status === 401 && signed.ok) return "configured";
    notes.push(`the shop's webhook answered ${unsigned.status} unsigned and ${signed.status} signed`);
  } catch (error) {
    notes.push(`the shop's webhook was not reached: ${unreachable(error)}`);
  }
  return "not configured";
}

export async function checkEngage(config: Config, shop: string): Promise<VendorCheck> {
  const vendor = Boolean(config.VOYADO_ENGAGE_URL);
  const url = config.VOYADO_ENGAGE_URL ?? `${shop}${ENGAGE_API_BASE}`;
  const apiKey = config.VOYADO_ENGAGE_API_KEY ?? loadEngageApiKey(config.dataDir);
  const check: VendorCheck = {
    vendor: "Voyado Engage",
    target: vendor ? "vendor" : "built-in",
    url,
    reached: false,
    credentials: "not checked",
    // The shop tells Engage; it takes no notices from it.
    webhook: "not used",
    notes: [],
  };
  try {
    // An address no contact has: 404 from a tenant that took the key, 401/403 from one that did not.
    await new EngageClient({ url, apiKey, timeoutMs: 10_000 }).contactIdByEmail(
      "check-vendors@etalage.invalid",
    );
    check.reached = true;
    check.credentials = "valid";
  } catch (error) {
    const status = (error as { status?: number }).status;
    check.reached = status !== undefined;
    check.credentials = status === 401 || status === 403 ? "invalid" : "not checked";
    check.notes.push(status ? `Engage answered ${status}` : `not reached: ${unreachable(error)}`);
  }
  return check;
}

export async function checkElevate(config: Config, shop: string): Promise<VendorCheck> {
  const vendor = Boolean(config.ELEVATE_CLUSTER_ID);
  const origin = vendor ? clusterOrigin(config.ELEVATE_CLUSTER_ID!) : shop;
  const apiKey =
    config.ELEVATE_API_KEY ?? (vendor ? undefined : localKey(config.dataDir, "elevate-built-in"));
  const check: VendorCheck = {
    vendor: "Voyado Elevate",
    target: vendor ? "vendor" : "built-in",
    url: origin,
    reached: false,
    credentials: "not checked",
    webhook: "not used",
    notes: [],
  };
  const query = "market=NL&customerKey=check-vendors&sessionKey=check-vendors";
  try {
    const res = await fetch(
      `${origin}/api/storefront/v3/queries/navigation-tree?${query}&locale=nl-NL&touchpoint=desktop&notify=false`,
      { signal: AbortSignal.timeout(10_000) },
    );
    check.reached = true;
    if (!res.ok)
      check.notes.push(`the navigation tree answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    else check.notes.push("market NL answers");
  } catch (error) {
    check.notes.push(`not reached: ${unreachable(error)}`);
    return check;
  }
  if (!apiKey) {
    check.notes.push("no ELEVATE_API_KEY: the cluster does not learn from orders");
    return check;
  }
  // A payment notification without lines: the key is checked before the body is refused (400).
  const res = await fetch(`${origin}/api/storefront/v3/notifications/payment?${query}`, {
    method: "POST",
    headers: { "api-key": apiKey, "content-type": "application/json" },
    body: JSON.stringify({ lines: [] }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
  if (res?.status === 401 || res?.status === 403) check.credentials = "invalid";
  else if (res && res.status < 500) check.credentials = "valid";
  if (res) check.notes.push(`payment notifications: ${res.status}`);
  return check;
}
