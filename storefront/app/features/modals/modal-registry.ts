import type { CartItem } from "@etalage/core";
import type { ComponentType } from "react";

/** What each modal accepts when opened. A name listed here can be opened with `openModal`. */
export interface ModalPayloads {
  "feature-not-implemented": { feature?: string } | undefined;
  "size-guide": { table?: "shirts" | "shoes" } | undefined;
  "cart-remove-item": { item: CartItem };
  // Issue 18
  review: { productId: number; name: string };
  // Newsletter, customer data, analytics and consent (issue 15)
  "cookie-consent": { settings?: boolean; onDecided?: () => void } | undefined;
  newsletter: undefined;
  // Issue 14: a sold-out size's "mail me" (sizes: the sold-out children the shopper may pick).
  "back-in-stock": { name: string; sizes: { sku: string; label: string }[]; selected?: string };
}

export type ModalName = keyof ModalPayloads;

export interface ModalProps<N extends ModalName> {
  payload: ModalPayloads[N];
  close: () => void;
}

type Loader<N extends ModalName> = () => Promise<{ default: ComponentType<ModalProps<N>> }>;

/** Each modal is its own chunk, fetched the first time it opens (browsing §2). */
export const modalLoaders: { [N in ModalName]: Loader<N> } = {
  "feature-not-implemented": () => import("./feature-not-implemented-modal.tsx"),
  "size-guide": () => import("./size-guide-modal.tsx"),
  "cart-remove-item": () => import("../cart/microcart/remove-item-modal.tsx"),
  // Issue 18
  review: () => import("../reviews/review-modal.tsx"),
  // Newsletter, customer data, analytics and consent (issue 15)
  "cookie-consent": () => import("../analytics/consent-modal.tsx"),
  newsletter: () => import("../newsletter/newsletter-modal.tsx"),
  // Issue 14
  "back-in-stock": () => import("../product/back-in-stock-modal.tsx"),
};
