import { t } from "@etalage/core";
import { type ReactNode, Suspense, useId } from "react";
import { Await, Link } from "react-router";
import type { ColorRelation } from "./product-data.ts";

/**
 * Other colours of the model as swatch links (deferred data: the page never waits for or fails
 * on them). `fallback` (the product's own single colour) shows until they arrive, and instead of
 * them when there are none.
 */
export function ColorRelations({
  relations,
  fallback = null,
}: {
  relations: Promise<ColorRelation[]>;
  fallback?: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <Await resolve={relations} errorElement={fallback}>
        {(list: ColorRelation[]) => (list.length > 1 ? <RelationList relations={list} /> : fallback)}
      </Await>
    </Suspense>
  );
}

function RelationList({ relations }: { relations: ColorRelation[] }) {
  const labelId = useId();
  const current = relations.find((r) => r.current);
  return (
    <nav className="options__group" aria-labelledby={labelId}>
      <p id={labelId} className="options__label">
        {t("Color")}
        {current?.color && <span className="options__chosen">: {current.color}</span>}
      </p>
      <ul className="options__values options__values--swatch">
        {relations.map((relation) => (
          <li key={relation.sku}>
            <Link
              to={relation.href}
              className="option"
              data-available
              aria-current={relation.current ? "page" : undefined}
              title={relation.color ?? relation.name}
              prefetch="intent"
            >
              <span className="option__swatch" style={{ background: relation.swatch ?? "#d3d3d3" }} />
              <span className="visually-hidden">{relation.color ?? relation.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
