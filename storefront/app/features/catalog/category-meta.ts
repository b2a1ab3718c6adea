import { pageTitle } from "@etalage/core";
import type { MetaDescriptor } from "react-router";
import type { CategoryPageData } from "./category-page-data.ts";

/**
 * The listing's head (browsing §2 "Page metadata"): title, description, keywords, a canonical
 * URL of the unfiltered category (page kept beyond 1), hreflang alternates, next/prev links and
 * ItemList plus BreadcrumbList structured data of what the page shows.
 */
export function categoryMeta(data: CategoryPageData | undefined, _url?: URL): MetaDescriptor[] {
  if (!data) return [];
  const { meta, paging } = data;
  // The canonical names the unfiltered category; next/prev walk the series the shopper is in
  // (both built by the loader: category-page-data.ts).
  const title = pageTitle(meta.title, { page: paging.page });
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: "description", content: meta.description },
    ...(meta.keywords ? [{ name: "keywords", content: meta.keywords }] : []),
    { tagName: "link", rel: "canonical", href: meta.pageHref },
    ...meta.alternates.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate.hreflang,
      href: alternate.href === meta.canonical ? meta.pageHref : alternate.href,
    })),
    { property: "og:title", content: title },
    { property: "og:type", content: "website" },
    { property: "og:url", content: meta.pageHref },
  ];
  if (meta.previousHref) descriptors.push({ tagName: "link", rel: "prev", href: meta.previousHref });
  if (meta.nextHref) descriptors.push({ tagName: "link", rel: "next", href: meta.nextHref });
  descriptors.push({
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: data.title ?? data.category.name,
      numberOfItems: data.total,
      itemListElement: data.products.map((product, index) => ({
        "@type": "ListItem",
        position: paging.from + index + 1,
        url: meta.origin + product.href,
        name: product.name,
      })),
    },
  });
  descriptors.push({
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: data.breadcrumbs.map((crumb, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: crumb.name,
        item: meta.origin + crumb.href,
      })),
    },
  });
  return descriptors;
}
