import { pageTitle, t } from "@etalage/core";
import { useEffect } from "react";
import { data, isRouteErrorResponse, useRevalidator } from "react-router";
import { CmsBlocks } from "../features/cms/cms-blocks.tsx";
import { cmsMeta } from "../features/cms/cms-meta.ts";
import { cmsPageData } from "../features/cms/cms-page-data.ts";
import { CmsTile } from "../features/cms/cms-tile.tsx";
import { previewParams } from "../lib/preview-params.ts";
import { servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/storyblok";
import NotFound from "./not-found.tsx";

/**
 * The editor's preview (browsing §6 "Draft preview"): `/storyblok` in the default layout and
 * `/storyblok-empty` on its own, both taking id, spaceId, timestamp, token and release. Drafts
 * only with a token the CMS accepts for that story (the in-process validate-editor check): else
 * 401. The page listens to the story's save events and reloads its data on each, so a saved
 * change shows within a second without a reload.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { release, ...params } = previewParams(url);
  const { id, token } = params;
  if (!Number.isInteger(id) || id <= 0 || !token || !services.validatePreview(params)) {
    throw data(null, { status: 401, headers: { "x-robots-tag": "noindex" } });
  }
  const story = await services.story(String(id), { version: "draft", token, release });
  if (!story) throw data(null, { status: 404, headers: { "x-robots-tag": "noindex" } });
  const content = story.content;
  const page = cmsPageData(services, story);
  return {
    id,
    token,
    bridge: services.cmsBridge,
    name: story.name,
    version: story.version,
    page: page ?? null,
    category:
      content.component === "category_content"
        ? { title: content.alternateTitle ?? story.name, tiles: content.grid }
        : null,
  };
}

export function headers() {
  return { "x-robots-tag": "noindex", "cache-control": "no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (loaderData?.page) return cmsMeta(loaderData.page, { noindex: true });
  return [{ title: pageTitle(t("Preview")) }, { name: "robots", content: "noindex" }];
}

interface StoryblokBridgeEvent {
  action: string;
}
declare global {
  interface Window {
    StoryblokBridge?: new () => {
      on(actions: string[], listener: (event?: StoryblokBridgeEvent) => void): void;
    };
  }
}

/**
 * The live preview: every draft save of this story reloads the page's data. On Storyblok its
 * visual-editor bridge tells of a save (`change`) or publish; on the built-in CMS the shop's own
 * channel of draft saves does.
 */
function useLivePreview(id: number, token: string, bridge: string | null) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (bridge) {
      const listen = () => new window.StoryblokBridge!().on(["change", "published"], () => void revalidate());
      if (window.StoryblokBridge) return listen();
      const script = document.createElement("script");
      script.src = bridge;
      script.async = true;
      script.addEventListener("load", listen);
      document.head.append(script);
      return () => script.removeEventListener("load", listen);
    }
    const query = new URLSearchParams({ id: String(id), token });
    const source = new EventSource(`/api/ext/vsf-storyblok-extension/preview-events?${query}`);
    source.onmessage = () => void revalidate();
    source.addEventListener("expired", () => source.close());
    return () => source.close();
  }, [id, token, bridge, revalidate]);
}

export default function StoryblokPreview({ loaderData }: Route.ComponentProps) {
  const { id, token, bridge, page, category, name, version } = loaderData;
  useLivePreview(id, token, bridge);
  return (
    <div className="cms-preview" data-story-version={version}>
      {page ? (
        <>
          <h1 className="visually-hidden">{page.title}</h1>
          <CmsBlocks page={page} />
        </>
      ) : category ? (
        <div className="container cms-blocks">
          <h1 className="cms-page__title">{category.title}</h1>
          <div className="cms-tiles">
            {category.tiles.map((tile) => (
              <CmsTile key={tile._uid} tile={tile} />
            ))}
          </div>
        </div>
      ) : (
        <div className="container cms-blocks">
          <h1 className="cms-page__title">{name}</h1>
          <p>{t("This block is shown in the header and footer of every page.")}</p>
        </div>
      )}
    </div>
  );
}

/** 401: the link is not (or no longer) valid; 404: the story is gone (the refetch finds none). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 401) {
    return (
      <section className="container cms-blocks" aria-labelledby="preview-denied">
        <h1 id="preview-denied" className="cms-page__title">
          {t("Preview not available")}
        </h1>
        <p>{t("This preview link is not valid or has expired. Open the preview again from the editor.")}</p>
      </section>
    );
  }
  return <NotFound />;
}
