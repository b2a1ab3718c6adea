import { pageTitle, productOffer, STORE, stockStatus, t, variantOffers } from "@etalage/core";
import type { MetaDescriptor } from "react-router";
import { resizedImageUrl } from "../../lib/images.ts";
import { GALLERY } from "./gallery-sizes.ts";
import type { ProductPageData } from "./product-data.ts";

const DESCRIPTION_LENGTH = 160;

function clip(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), length / 2)).trimEnd()}…`;
}

/**
 * Title, description, canonical (the parent's own link, whatever variant the URL names) and the
 * Product and BreadcrumbList structured data (browsing §2, issue 4).
 */
export function productMeta(data: ProductPageData, _url: URL): MetaDescriptor[] {
  const title = [data.name, data.brand].filter(Boolean).join(" – ");
  const description = clip(data.shortDescription ?? (data.plainDescription || data.name), DESCRIPTION_LENGTH);
  const images = data.images.map(
    (image) => `${data.publicUrl}${resizedImageUrl(image.path, GALLERY.width, GALLERY.height)}`,
  );
  const crumbs = [
    { name: t("Home"), href: "/" },
    ...data.categories,
    { name: data.name, href: data.canonical },
  ];
  return [
    { title: pageTitle(title) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: data.canonical },
    // One language, so its alternate and the default for every other are the canonical itself.
    { tagName: "link", rel: "alternate", hrefLang: STORE.locale, href: data.canonical },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: data.canonical },
    { property: "og:type", content: "product" },
    { property: "og:title", content: data.name },
    { property: "og:url", content: data.canonical },
    ...(images[0] ? [{ property: "og:image", content: images[0] }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        name: data.name,
        sku: data.sku,
        description,
        ...(data.brand ? { brand: { "@type": "Brand", name: data.brand } } : {}),
        ...(images.length > 0 ? { image: images } : {}),
        ...offersLd(data),
        ...reviewsLd(data),
      },
    },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: crumbs.map((crumb, index) => ({
          "@type": "ListItem",
          position: index + 1,
          name: crumb.name,
          item: crumb.href.startsWith("http") ? crumb.href : `${data.publicUrl}${crumb.href}`,
        })),
      },
    },
  ];
}

/**
 * A configurable's variants as one AggregateOffer, anything else as one Offer (core's rules, issue
 * 14). Variants that are disabled are not on sale; each counts at the price paid now.
 */
function offersLd(data: ProductPageData) {
  const at = { url: data.canonical, currency: STORE.currencyCode };
  const offers = data.configurable
    ? variantOffers(
        data.configurable.variants
          .filter((v) => Number(v.status ?? 1) === 1)
          .map((v) => ({ price: v.final_price_incl_tax, stock: stockStatus(v.stock) })),
        at,
      )
    : productOffer({ price: data.prices.special ?? data.prices.regular, stock: data.stock }, at);
  return offers ? { offers } : {};
}

/** Issue 18: only approved reviews reach the page data, so only they reach search engines. */
function reviewsLd({ reviews }: ProductPageData) {
  if (reviews.summary.count === 0) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.items.map((r) => ({
      "@type": "Review",
      name: r.title,
      reviewBody: r.detail,
      datePublished: r.created_at.slice(0, 10),
      author: { "@type": "Person", name: r.nickname },
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
