import { type StockStatus, t } from "@etalage/core";
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
 * The stock status of `sku`: the catalogue's answer first (server-rendered), then the live stock
 * check (`GET /api/stock/check`, never cached) once in the browser. A failed check keeps the
 * catalogue's answer: it is only a refresh.
 */
export function useStockStatus(sku: string | null, initial: StockStatus): StockStatus {
  const [checked, setChecked] = useState<{ sku: string; status: StockStatus } | null>(null);
  useEffect(() => {
    if (!sku) return;
    const controller = new AbortController();
    fetch(`/api/stock/check?sku=${encodeURIComponent(sku)}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { result?: { status?: StockStatus } } | null) => {
        const status = body?.result?.status;
        if (status && STATUSES.includes(status)) setChecked({ sku, status });
      })
      .catch(() => {
        // Offline or aborted: the catalogue's status stands.
      });
    return () => controller.abort();
  }, [sku]);
  return checked?.sku === sku ? checked.status : initial;
}

export function StockLine({ status }: { status: StockStatus }) {
  return (
    <p className={`stock stock--${status}`}>
      <span className="stock__dot" aria-hidden="true" />
      {text(status)}
    </p>
  );
}
