import pino from "pino";
import type { Config } from "../../config.ts";
import type { BuiltinCms } from "./builtin.ts";
import type { CmsPort } from "./port.ts";
import { StoryblokCms } from "./storyblok.ts";

/** Storyblok when STORYBLOK_ACCESS_TOKEN is set, else the built-in CMS (issue 24 item 4). */
export function cmsPort(config: Config, builtin: BuiltinCms): CmsPort {
  if (!config.STORYBLOK_ACCESS_TOKEN) return builtin;
  const log = pino({ name: "storyblok", level: config.LOG_LEVEL });
  if (!config.STORYBLOK_WEBHOOK_SECRET)
    log.warn("STORYBLOK_WEBHOOK_SECRET is not set: publish webhooks are taken unsigned");
  // The change events stay the built-in CMS's: the webhook notifies through them, on every instance.
  return new StoryblokCms(
    {
      accessToken: config.STORYBLOK_ACCESS_TOKEN,
      previewToken: config.STORYBLOK_PREVIEW_TOKEN,
      spaceId: config.STORYBLOK_SPACE_ID,
      region: config.STORYBLOK_REGION,
      endpoint: config.STORYBLOK_API_URL,
    },
    builtin.events,
    log,
  );
}
