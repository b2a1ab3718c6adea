/**
 * The preview URL's parameters: the shop's own (`id`, `spaceId`, `timestamp`, `token`, `release`)
 * or the names Storyblok's visual editor appends (`_storyblok`, `_storyblok_tk[space_id]`,
 * `[timestamp]`, `[token]`, `_storyblok_release`), so one preview URL serves either CMS. Read only
 * under /storyblok, which the page cache never stores.
 */
export function previewParams(url: URL) {
  const q = url.searchParams;
  return {
    id: Number(q.get("id") ?? q.get("_storyblok")),
    spaceId: Number(q.get("spaceId") ?? q.get("_storyblok_tk[space_id]")),
    timestamp: Number(q.get("timestamp") ?? q.get("_storyblok_tk[timestamp]")),
    token: q.get("token") ?? q.get("_storyblok_tk[token]") ?? "",
    release: Number(q.get("release") ?? q.get("_storyblok_release") ?? 0) || undefined,
  };
}
