import { type CmsStory, t } from "@etalage/core";
import { useEffect, useState } from "react";
import { Dialog } from "../../ui/dialog.tsx";
import { CmsText } from "../cms/cms-text.tsx";
import type { ModalProps } from "../modals/modal-registry.ts";
import { PRIVACY_PATH } from "./privacy-link.tsx";

interface TextBlock {
  uid: string;
  html: string;
}

type Loaded =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; title: string; blocks: TextBlock[] };

/** The published privacy page's title and its rich-text blocks (sanitised by the CMS server). */
async function privacyStatement(): Promise<{ title: string; blocks: TextBlock[] } | null> {
  const response = await fetch(`/api/ext/vsf-storyblok-extension/story${PRIVACY_PATH}`).catch(() => null);
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
 * The privacy statement modal (browsing §2), with the CMS's privacy page as its content. Opened
 * over the cookie banner or the newsletter form; closing it returns to them.
 */
export default function PrivacyModal({ close }: ModalProps<"privacy-statement">) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    let live = true;
    void privacyStatement().then((statement) => {
      if (live) setLoaded(statement ? { state: "ready", ...statement } : { state: "failed" });
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <Dialog
      title={loaded.state === "ready" ? loaded.title : t("Privacy statement")}
      onClose={close}
      size="large"
    >
      {loaded.state === "loading" && <p role="status">{t("Loading...")}</p>}
      {loaded.state === "failed" && (
        <p role="alert">
          {t("The privacy statement could not be loaded. You can read it on its own page.")}{" "}
          <a href={PRIVACY_PATH}>{t("Privacy statement")}</a>
        </p>
      )}
      {loaded.state === "ready" &&
        loaded.blocks.map((block) => <CmsText key={block.uid} html={block.html} />)}
    </Dialog>
  );
}
