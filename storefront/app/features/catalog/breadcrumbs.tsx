import { t } from "@etalage/core";
import { Link } from "react-router";
import type { PageLink } from "./category-page-data.ts";
import { ChevronLeftIcon } from "./listing-icons.tsx";

/** Home first, the current page last and not a link (BreadcrumbList in the page's JSON-LD). */
export function Breadcrumbs({ items }: { items: PageLink[] }) {
  return (
    <nav className="breadcrumbs" aria-label={t("Breadcrumb")}>
      <ol className="breadcrumbs__list">
        {items.map((item, index) =>
          index === items.length - 1 ? (
            <li key={item.href} className="breadcrumbs__item">
              <span aria-current="page">{item.name}</span>
            </li>
          ) : (
            <li key={item.href} className="breadcrumbs__item">
              <Link to={item.href}>{item.name}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

/** Back to the previous breadcrumb, or home when there is none (browsing §2). */
export function BackLink({ items }: { items: PageLink[] }) {
  const previous = items.length >= 2 ? (items[items.length - 2] as PageLink) : { name: t("Home"), href: "/" };
  return (
    <Link to={previous.href} className="back-link">
      <ChevronLeftIcon />
      <span>{previous.name}</span>
    </Link>
  );
}
