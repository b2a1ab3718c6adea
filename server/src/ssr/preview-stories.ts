import type { CmsStory } from "@etalage/core";
import type { FastifyInstance } from "fastify";
import StoryblokClient from "storyblok-js-client";

export type DraftStoryReader = (
  key: string,
  options: { token: string; release?: number | undefined },
) => Promise<CmsStory | undefined>;

const CDN_BASE = "/api/ext/vsf-storyblok-extension";

/**
 * The editor's preview reads drafts and releases the way a Storyblok storefront does: through
 * Storyblok's own client (`storyblok-js-client`) and the Content Delivery API v2 reads
 * (`cdn/stories/{id}` with the preview token and `from_release`). Against the built-in CMS the
 * client's requests go to the shop's own routes in process (`app.inject`), so a preview costs no
 * socket and no loopback address; the answer is the same the HTTP endpoint gives any client.
 */
export function previewStories(app: FastifyInstance): DraftStoryReader {
  const inProcessFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const answer = await app.inject({
      method: "GET",
      url: url.pathname + url.search,
      headers: { accept: "application/json", ...(init?.headers as Record<string, string> | undefined) },
    });
    return new Response(answer.payload, {
      status: answer.statusCode,
      headers: { "content-type": String(answer.headers["content-type"] ?? "application/json") },
    });
  };
  return async (key, { token, release }) => {
    const client = new StoryblokClient({
      accessToken: token,
      endpoint: `http://etalage.internal${CDN_BASE}`,
      fetch: inProcessFetch,
      cache: { type: "none" },
    });
    try {
      const answer = await client.getStory(key, {
        version: "draft",
        ...(release ? { from_release: String(release) } : {}),
      });
      return answer.data.story as unknown as CmsStory;
    } catch (error) {
      // The client throws the answer's status; a refused token or a missing story is no story.
      const status = (error as { status?: number }).status;
      if (status === 401 || status === 404) return undefined;
      throw error;
    }
  };
}
