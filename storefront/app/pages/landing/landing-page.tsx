import type { MouseEvent } from "react";
import { CategoryPage } from "../../features/catalog/category-page.tsx";
import type { LandingPageData } from "./landing-page-data.ts";

/**
 * A search-provider landing page (browsing §2): the category listing's page, fed by Elevate. A
 * click on a product reports its ticket; the client loads only then, never for the page itself.
 */
export function LandingPage({ data }: { data: LandingPageData }) {
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest("a");
    const ticket = link ? data.tickets[link.getAttribute("href") ?? ""] : undefined;
    if (ticket)
      void import("../../lib/elevate/elevate-api.ts")
        .then((m) => m.notifyClick(ticket))
        .catch(() => undefined);
  };
  return (
    <div className="landing-page" data-testid="landing-page" onClickCapture={onClickCapture}>
      <CategoryPage data={data} />
    </div>
  );
}
