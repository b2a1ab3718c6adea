import { t } from "@etalage/core";
import { ShopLink } from "../../lib/shop-link.tsx";
import { Icon } from "../../ui/icons.tsx";
import type { PageLink } from "./category-page-data.ts";

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
              <ShopLink to={item.href}>{item.name}</ShopLink>
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
    <ShopLink to={previous.href} className="back-link">
      <Icon name="chevron-left" />
      <span>{previous.name}</span>
    </ShopLink>
  );
}
