import { formatPrice, t } from "@etalage/core";
import type { OfflineOrder } from "./offline-orders.ts";

/** What the checkout showed when the order was placed offline (its summary's lines). */
interface StoredLine {
  sku: string;
  name: string;
  qty: number;
  row_total_incl_tax: number;
}

function linesOf(order: OfflineOrder): StoredLine[] {
  return order.cart_items.filter(
    (line): line is StoredLine =>
      typeof line === "object" && line !== null && "sku" in line && "qty" in line && "name" in line,
  );
}

/** The lines and total of an order placed offline, as the shopper saw them at the checkout. */
export function OfflineOrderLines({ order }: { order: OfflineOrder }) {
  return (
    <div className="offline-order">
      <ul className="offline-order__lines">
        {linesOf(order).map((line) => (
          <li key={line.sku}>
            <span>
              {line.qty} × {line.name}
            </span>
            <span>{formatPrice(line.row_total_incl_tax)}</span>
          </li>
        ))}
      </ul>
      {order.grand_total !== undefined && (
        <p className="offline-order__total">
          <span>{t("Grand total")}</span> <strong>{formatPrice(order.grand_total)}</strong>
        </p>
      )}
    </div>
  );
}
