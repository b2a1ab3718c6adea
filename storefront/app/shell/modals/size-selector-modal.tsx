import { t } from "@etalage/core";
import { useEffect, useState } from "react";
import { cart } from "../../features/cart/cart-api.ts";
import { fetchOrderableSizes, type OrderableSize } from "../../features/compare/compare-api.ts";
import { reportAddToCart } from "../../features/recommendations/add-to-cart-report.ts";
import type { ModalProps, SizeChoice } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import "./size-selector.css";

type Sizes = { state: "loading" } | { state: "failed" } | { state: "ready"; sizes: OrderableSize[] };

/**
 * The size selector (browsing §2): the sizes as big buttons in a sheet from the bottom on a phone
 * (below 1024 px; a small dialog on a desktop), one tap to choose. Opened by the sticky buy bar,
 * whose page adds the chosen size, or by a product card's quick add, for which it looks up the
 * sizes in stock and adds the chosen one itself. Composed here because it uses the cart and the
 * catalogue's sizes, two features that do not know each other.
 */
export default function SizeSelectorModal({ payload, close }: ModalProps<"size-selector">) {
  return (
    <Dialog title={t("Choose your size")} onClose={close} variant="sheet">
      <p className="size-selector__name">{payload.name}</p>
      {payload.sizes ? (
        <SizeButtons
          sizes={payload.sizes}
          onChoose={(size) => {
            close();
            payload.onChoose(size.value);
          }}
        />
      ) : (
        <QuickAdd sku={payload.productSku} name={payload.name} href={payload.href} close={close} />
      )}
    </Dialog>
  );
}

function SizeButtons({
  sizes,
  onChoose,
  describe,
  busy = false,
}: {
  sizes: SizeChoice[];
  /** A size is being added: no second tap until it is. */
  busy?: boolean;
  onChoose: (size: SizeChoice) => void;
  /** The button's accessible name, when its label alone does not say what it does. */
  describe?: (size: SizeChoice) => string;
}) {
  return (
    <ul className="size-selector" aria-label={t("Sizes")}>
      {sizes.map((size) => (
        <li key={size.value}>
          <button
            type="button"
            className="size-selector__size"
            disabled={busy || !size.available}
            aria-label={describe?.(size)}
            onClick={() => onChoose(size)}
          >
            <span>{size.label}</span>
            {(size.note || !size.available) && (
              <span className="size-selector__note">{size.available ? size.note : t("sold out")}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A card's quick add: the sizes in stock of the colour the card shows, each added in one tap. */
function QuickAdd({
  sku,
  name,
  href,
  close,
}: {
  sku: string;
  name: string;
  href: string;
  close: () => void;
}) {
  const [sizes, setSizes] = useState<Sizes>({ state: "loading" });
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    fetchOrderableSizes(sku, abort.signal).then(
      (found) => setSizes(found ? { state: "ready", sizes: found } : { state: "failed" }),
      () => {
        if (!abort.signal.aborted) setSizes({ state: "failed" });
      },
    );
    return () => abort.abort();
  }, [sku]);

  if (sizes.state === "loading") return <p role="status">{t("Loading...")}</p>;
  if (sizes.state === "failed")
    return (
      <p role="alert">
        {t("The sizes could not be loaded. Choose your size on the product page.")} <a href={href}>{name}</a>
      </p>
    );
  if (sizes.sizes.length === 0) return <p role="status">{t("Out of stock")}</p>;
  const byLabel = new Map(sizes.sizes.map((s) => [s.size || name, s]));
  return (
    <div aria-busy={adding}>
      <SizeButtons
        sizes={[...byLabel.keys()].map((label) => ({ value: label, label, available: true }))}
        busy={adding}
        describe={(size) => t("Add {name} in size {size} to your shopping bag", { name, size: size.label })}
        onChoose={async (size) => {
          const chosen = byLabel.get(size.value);
          if (!chosen) return;
          setAdding(true);
          try {
            // The cart shows the spec's notifications (added, not in stock, offline) itself.
            await cart.add({ product: chosen.product, qty: 1 });
            reportAddToCart(chosen.product.sku, chosen.product.parentSku);
            close();
          } finally {
            setAdding(false);
          }
        }}
      />
    </div>
  );
}
