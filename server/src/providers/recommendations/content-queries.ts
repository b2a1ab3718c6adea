/**
 * Elevate's queries for content and retail media (issue 30 item 10), answered in the client's own
 * types: the shop sells no sponsored placements and keeps its content in the CMS, not in Elevate,
 * so the answers are Elevate's empty ones — a storefront or tool asking gets a page it can read,
 * never a 404 it would have to tell from a broken cluster.
 */
import type { Banners, ContentInformation, ContentSearchPage, SponsoredPage } from "@apptus/esales-api";

export function sponsoredPage(): SponsoredPage {
  return { sponsoredLists: [] };
}

export function banners(): Banners {
  return { banners: [] };
}

export function contentInformation(): ContentInformation {
  return { items: [] };
}

export function contentSearchPage(
  q: string,
  sort: "RELEVANCE" | "NEWEST_FIRST" = "RELEVANCE",
): ContentSearchPage {
  return {
    q,
    primaryList: {
      sort: {
        selected: sort,
        options: [
          { id: "RELEVANCE", label: "Relevantie" },
          { id: "NEWEST_FIRST", label: "Nieuwste eerst" },
        ],
      },
      items: [],
      totalHits: 0,
    },
    didYouMean: [],
  };
}
