import { pageTitle } from "@etalage/core";
import type { MetaDescriptor } from "react-router";
import type { CmsPageData } from "./cms-page-data.ts";

export interface CmsMetaOptions {
  /** The title when the story's SEO block names none; the page's own title otherwise. */
  fallbackTitle?: string;
  /** Previews are never indexed. */
  noindex?: boolean;
  /** The page's own absolute URL (issue 14: home and content pages had none). */
  canonical?: string;
}

/** A CMS page's head from its SEO block (browsing §2 "CMS pages"); `noindex` for previews. */
export function cmsMeta(
  page: Pick<CmsPageData, "title" | "seo">,
  { fallbackTitle, noindex = false, canonical }: CmsMetaOptions = {},
): MetaDescriptor[] {
  const seo = page.seo;
  const title = pageTitle(seo?.title || fallbackTitle || page.title);
  const meta: MetaDescriptor[] = [{ title }];
  if (seo?.description) meta.push({ name: "description", content: seo.description });
  if (seo?.keywords) meta.push({ name: "keywords", content: seo.keywords });
  if (canonical && !noindex && !seo?.noindex) {
    meta.push({ tagName: "link", rel: "canonical", href: canonical });
    meta.push({ property: "og:url", content: canonical });
  }
  meta.push({ property: "og:title", content: seo?.og_title || title });
  if (seo?.og_description || seo?.description)
    meta.push({ property: "og:description", content: seo?.og_description || seo?.description });
  if (seo?.og_image) meta.push({ property: "og:image", content: seo.og_image });
  if (noindex || seo?.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}
