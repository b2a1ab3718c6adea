import type { ReactNode } from "react";
import type { StaffSessionView } from "./back-office-api.ts";
import type { OrderDetail } from "./back-office-order-data.ts";
import { OrderReturns } from "./back-office-order-returns.tsx";

/**
 * More sections of the order page, shown after its refunds: where the returns of issue 25 (item
 * 3) add theirs ("Retouren": the order's returns, received parcels, their refunds), so that work
 * touches this list and not the page. A section gets the order and who is signed in.
 */
export interface OrderPageSection {
  /** React's key, and the section's name. */
  id: string;
  Section(props: { order: OrderDetail; session: StaffSessionView }): ReactNode;
}

export const ORDER_PAGE_SECTIONS: readonly OrderPageSection[] = [{ id: "returns", Section: OrderReturns }];
