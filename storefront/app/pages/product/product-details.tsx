import { t } from "@etalage/core";
import { useId } from "react";
import { Link } from "react-router";
import type { ProductPageData } from "./product-data.ts";
import { RichText } from "./rich-text.tsx";

/*
 * The product page's breadcrumbs, description and details: a chunk of their own, hydrated once
 * the shopper interacts (product-page.tsx).
 */

export function Breadcrumbs({ categories, name }: Pick<ProductPageData, "categories" | "name">) {
  return (
    <nav className="crumbs" aria-label={t("Breadcrumb")}>
      <ol className="crumbs__list">
        <li>
          <Link to="/">{t("Home")}</Link>
        </li>
        {categories.map((crumb) => (
          <li key={crumb.href}>
            <Link to={crumb.href}>{crumb.name}</Link>
          </li>
        ))}
        <li aria-current="page">{name}</li>
      </ol>
    </nav>
  );
}

/** Description and details; `display: contents`, so the sections sit in the column as before. */
export function ProductDetails({
  description,
  attributes,
  sku,
}: Pick<ProductPageData, "description" | "attributes"> & { sku: string }) {
  const descriptionId = useId();
  const detailsId = useId();
  return (
    <div className="product__details">
      {description.length > 0 && (
        <section className="product__section" aria-labelledby={descriptionId}>
          <h2 id={descriptionId} className="product__section-title">
            {t("Description")}
          </h2>
          <div className="product__description">
            <RichText nodes={description} />
          </div>
        </section>
      )}
      <section className="product__section" aria-labelledby={detailsId}>
        <h2 id={detailsId} className="product__section-title">
          {t("Product details")}
        </h2>
        <dl className="product__attributes">
          {attributes.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
          <div>
            <dt>{t("Item number")}</dt>
            <dd>{sku}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
