import { type CmsStory, t } from "@etalage/core";
import { useEffect, useState } from "react";
import { Dialog } from "../../ui/dialog.tsx";
import { CmsText } from "./cms-text.tsx";

interface TextBlock {
  uid: string;
  html: string;
}

type Loaded =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; title: string; blocks: TextBlock[] };

/**
 * A published CMS page's title and its rich-text blocks. The story API sanitises every `text`
 * field as it answers (allow-list, no scripts or handlers: docs/cms-editing.md), so the modal shows
 * exactly what the page itself would.
 */
async function cmsPageText(path: string): Promise<{ title: string; blocks: TextBlock[] } | null> {
  const response = await fetch(`/api/ext/vsf-storyblok-extension/story${path}`).catch(() => null);
  if (!response?.ok) return null;
  const { result } = (await response.json()) as { result: { story: CmsStory } };
  const content = result.story.content as {
    title?: string;
    body?: { _uid?: string; component: string; text?: string }[];
  };
  const blocks = (content.body ?? [])
    .filter((block) => block.component === "text" && typeof block.text === "string")
    .map((block, index) => ({ uid: block._uid ?? String(index), html: block.text as string }));
  return blocks.length > 0 ? { title: content.title ?? result.story.name, blocks } : null;
}

/**
 * A content page read over what the shopper was doing (the privacy statement, the terms and
 * conditions: browsing §2), so a form being filled in stays as it was. Should the page not load,
 * the modal says so and links to the page itself.
 */
export function CmsPageDialog({
  path,
  title,
  failed,
  close,
}: {
  /** The page's path, such as "/algemene-voorwaarden". */
  path: string;
  /** The title until the page's own is known, and the fallback link's text. */
  title: string;
  /** What to say when the page could not be loaded. */
  failed: string;
  close: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    let live = true;
    void cmsPageText(path).then((page) => {
      if (live) setLoaded(page ? { state: "ready", ...page } : { state: "failed" });
    });
    return () => {
      live = false;
    };
  }, [path]);

  return (
    <Dialog title={loaded.state === "ready" ? loaded.title : title} onClose={close} size="large">
      {loaded.state === "loading" && <p role="status">{t("Loading...")}</p>}
      {loaded.state === "failed" && (
        <p role="alert">
          {failed} <a href={path}>{title}</a>
        </p>
      )}
      {loaded.state === "ready" &&
        loaded.blocks.map((block) => <CmsText key={block.uid} html={block.html} />)}
    </Dialog>
  );
}
