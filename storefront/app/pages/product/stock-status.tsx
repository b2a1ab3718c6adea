import { type StockHint, type StockLevel, type StockStatus, stockHint, t } from "@etalage/core";
import { useEffect, useState } from "react";

const STATUSES: readonly StockStatus[] = ["ok", "volatile", "out_of_stock"];

/** Written as calls so the build compiles them to Dutch: the page needs no dictionary. */
const text = (status: StockStatus): string =>
  status === "ok"
    ? t("In stock")
    : status === "volatile"
      ? t("Limited stock, will be reserved")
      : t("Out of stock");

/**
 * The status and, when few are left, how many (core's stockHint): the catalogue's level first
 * (a configurable's child carries it), then the live check's.
 */
export function useStockCheck(
  sku: string | null,
  initial: StockStatus,
  initialLevel: StockLevel | null,
): { status: StockStatus; hint: StockHint | null } {
  const [checked, setChecked] = useState<{ sku: string; status: StockStatus; hint: StockHint | null } | null>(
    null,
  );
  useEffect(() => {
    if (!sku) return;
    const controller = new AbortController();
    fetch(`/api/stock/check?sku=${encodeURIComponent(sku)}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { result?: StockLevel & { status?: StockStatus } } | null) => {
        const status = body?.result?.status;
        const level = body?.result;
        if (status && level && STATUSES.includes(status))
          setChecked({ sku, status, hint: stockHint({ ...level, is_volatile: status === "volatile" }) });
      })
      .catch(() => {
        // Offline or aborted: the catalogue's status stands.
      });
    return () => controller.abort();
  }, [sku]);
  if (checked?.sku === sku) return { status: checked.status, hint: checked.hint };
  return { status: initial, hint: initial === "ok" ? stockHint(initialLevel) : null };
}

/** "Op voorraad", or "Nog 2 op voorraad" when few are left (issue 14). */
export function StockLine({ status, hint = null }: { status: StockStatus; hint?: StockHint | null }) {
  return (
    <p className={`stock stock--${status}${hint ? " stock--few" : ""}`}>
      <span className="stock__dot" aria-hidden="true" />
      {hint ? t("{qty} left in stock", { qty: hint.qty }) : text(status)}
    </p>
  );
}
