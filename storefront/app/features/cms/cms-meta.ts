import type { MetaDescriptor } from "react-router";
import type { CmsPageData } from "./cms-page-data.ts";

/** A CMS page's head from its SEO block (browsing §2 "CMS pages"); `noindex` for previews. */
export function cmsMeta(
  page: Pick<CmsPageData, "title" | "seo">,
  fallbackTitle?: string,
  noindex = false,
): MetaDescriptor[] {
  const seo = page.seo;
  const title = seo?.title || fallbackTitle || `${page.title} – Etalage`;
  const meta: MetaDescriptor[] = [{ title }];
  if (seo?.description) meta.push({ name: "description", content: seo.description });
  if (seo?.keywords) meta.push({ name: "keywords", content: seo.keywords });
  meta.push({ property: "og:title", content: seo?.og_title || title });
  if (seo?.og_description || seo?.description)
    meta.push({ property: "og:description", content: seo?.og_description || seo?.description });
  if (seo?.og_image) meta.push({ property: "og:image", content: seo.og_image });
  if (noindex || seo?.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}
