import {
  COMPARE_LIMIT,
  type CompareEntry,
  type CompareRowCode,
  compareTable,
  type DictionaryKey,
  formatPrice,
  t,
} from "@etalage/core";
import { type CSSProperties, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { hasImage } from "../../lib/images.ts";
import {
  clearCompare,
  refreshCompared,
  removeFromCompare,
  useCompared,
} from "../../session/compare-store.ts";
import { CARD_IMAGE, cardImageSrc } from "../../ui/products/card-image.ts";
import { ProductPrice } from "../../ui/products/product-price.tsx";
import { type ComparedProduct, fetchCompared, type OrderableSize } from "./compare-api.ts";
import "./compare-page.css";

const ROW_LABELS: Record<CompareRowCode, DictionaryKey> = {
  price: "Price",
  brand: "Brand",
  fit: "Fit",
  material: "Material",
  collar: "Collar style",
  sleeve_length: "Sleeve length",
  sizes: "Sizes in stock",
};

/**
 * The compare page (`/vergelijken`, issue 29): the compared products side by side, the rows that
 * differ highlighted, add to cart per product. Rendered in the browser from the kept snapshots,
 * refreshed from the catalogue when it answers (offline: the snapshots as last seen). The cart
 * comes from the route (`onAdd`): a feature does not import another.
 */
export function ComparePage({ onAdd }: { onAdd: (size: OrderableSize) => Promise<boolean> }) {
  const entries = useCompared();
  const [hydrated, setHydrated] = useState(false);
  const [fresh, setFresh] = useState<Map<string, ComparedProduct> | null>(null);
  const [offline, setOffline] = useState(false);
  const signature = entries.map((e) => e.key).join("|");
  useEffect(() => setHydrated(true), []);
  // Asks again when the compared products change.
  useEffect(() => {
    if (!signature) return;
    const controller = new AbortController();
    fetchCompared(signature.split("|"), controller.signal).then(
      (products) => {
        setOffline(false);
        setFresh(new Map(products.map((p) => [p.entry.key, p])));
        refreshCompared(products.map((p) => p.entry));
      },
      () => {
        if (!controller.signal.aborted) setOffline(true);
      },
    );
    return () => controller.abort();
  }, [signature]);

  return (
    <div className="container compare-page" data-testid="compare-page" data-ready={hydrated || undefined}>
      <header className="compare-page__header">
        <h1 className="compare-page__title">{t("Compare products")}</h1>
        <p className="compare-page__note">
          {offline
            ? t("You are offline: the products as you last saw them.")
            : t("Your comparison is kept in this browser.")}
        </p>
        {entries.length > 0 && (
          <button type="button" className="button button--outline" onClick={clearCompare}>
            {t("Clear comparison")}
          </button>
        )}
      </header>
      {hydrated && entries.length === 0 && (
        <div className="listing-empty" data-testid="compare-empty">
          <p className="listing-empty__title">{t("You are not comparing any products yet.")}</p>
          <p>
            {t("Tap Compare on up to {n} products of one kind to see them side by side.", {
              n: COMPARE_LIMIT,
            })}
          </p>
        </div>
      )}
      {entries.length > 0 && <CompareTable entries={entries} fresh={fresh} onAdd={onAdd} />}
    </div>
  );
}

function CompareTable({
  entries,
  fresh,
  onAdd,
}: {
  entries: readonly CompareEntry[];
  fresh: Map<string, ComparedProduct> | null;
  onAdd: (size: OrderableSize) => Promise<boolean>;
}) {
  const rows = compareTable(entries, formatPrice);
  const captionId = useId();
  return (
    <section className="compare-table__scroll" aria-labelledby={captionId}>
      <table className="compare-table" style={{ "--compare-columns": entries.length } as CSSProperties}>
        <caption id={captionId} className="visually-hidden">
          {t("Compare products")}
        </caption>
        <thead>
          <tr>
            <td />
            {entries.map((entry) => (
              <th key={entry.key} scope="col" className="compare-table__product">
                <Link to={entry.href} className="compare-table__link">
                  {hasImage(entry.image) && (
                    <img
                      className="compare-table__image"
                      src={cardImageSrc(entry.image)}
                      width={CARD_IMAGE.width}
                      height={CARD_IMAGE.height}
                      alt=""
                    />
                  )}
                  <span className="compare-table__name">{entry.name}</span>
                </Link>
                <ProductPrice price={entry.price} specialPrice={entry.specialPrice} />
                <button
                  type="button"
                  className="compare-table__remove"
                  onClick={() => removeFromCompare(entry.key)}
                  aria-label={t("Remove {name} from comparison", { name: entry.name })}
                >
                  ×
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.code}
              className={row.differs ? "compare-table__row--differs" : undefined}
              data-row={row.code}
            >
              <th scope="row">
                {t(ROW_LABELS[row.code])}
                {row.differs && <span className="visually-hidden"> ({t("Differs")})</span>}
              </th>
              {row.values.map((value, i) => (
                <td key={entries[i]!.key}>{value === "" ? t("Out of stock") : (value ?? "–")}</td>
              ))}
            </tr>
          ))}
          <tr>
            <td />
            {entries.map((entry) => (
              <td key={entry.key}>
                <AddToCart entry={entry} sizes={fresh?.get(entry.key)?.sizes ?? null} onAdd={onAdd} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** One product's add to cart: a size to choose (a configurable), then the button. */
function AddToCart({
  entry,
  sizes,
  onAdd,
}: {
  entry: CompareEntry;
  sizes: OrderableSize[] | null;
  onAdd: (size: OrderableSize) => Promise<boolean>;
}) {
  const [chosen, setChosen] = useState("");
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  // Offline the sizes are not known: the product page can still add from its own cache.
  if (sizes === null) return null;
  if (sizes.length === 0) return <p className="compare-table__sold-out">{t("Out of stock")}</p>;
  const single = sizes.length === 1 && sizes[0]!.size === "";
  const pick = single ? sizes[0] : sizes.find((s) => s.size === chosen);
  return (
    <form
      className="compare-table__add"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pick || busy) return;
        setBusy(true);
        void onAdd(pick).finally(() => setBusy(false));
      }}
    >
      {!single && (
        <>
          <label htmlFor={selectId} className="visually-hidden">
            {t("Size for {name}", { name: entry.name })}
          </label>
          <select id={selectId} value={chosen} onChange={(e) => setChosen(e.target.value)} required>
            <option value="">{t("Choose a size")}</option>
            {sizes.map((s) => (
              <option key={s.size} value={s.size}>
                {s.size}
              </option>
            ))}
          </select>
        </>
      )}
      <button type="submit" className="button" disabled={busy} data-testid="compare-add">
        {t("Add to cart")}
      </button>
    </form>
  );
}
