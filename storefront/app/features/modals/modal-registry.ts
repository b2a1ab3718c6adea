import type { CartItem, SizeTableKey } from "@etalage/core";
import type { ComponentType } from "react";
import type { ServicePointChoice } from "../stores/service-points-modal.tsx";

/** What each modal accepts when opened. A name listed here can be opened with `openModal`. */
export interface ModalPayloads {
  "feature-not-implemented": { feature?: string } | undefined;
  "size-guide": { table?: SizeTableKey } | undefined;
  "cart-remove-item": { item: CartItem };
  // Issue 18
  review: { productId: number; name: string };
  "store-list": { title?: string } | undefined;
  "store-locator": { q?: string } | undefined;
  "service-points": {
    postcode: string;
    selected?: string;
    onSelect: (point: ServicePointChoice) => void;
  };
  // Newsletter, customer data, analytics and consent (issue 15)
  "cookie-consent": { settings?: boolean; onDecided?: () => void } | undefined;
  newsletter: undefined;
  "privacy-statement": undefined;
  // Offline orders (issue 17): the waiting orders are read when it opens.
  "order-confirmation": undefined;
  // Accounts (issue 12): the sign-up modal the token lock opens when it gives up.
  auth: { mode?: "login" | "register" | "forgot" } | undefined;
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
  "store-list": () => import("../stores/store-list-modal.tsx"),
  "store-locator": () => import("../stores/store-locator-modal.tsx"),
  "service-points": () => import("../stores/service-points-modal.tsx"),
  // Newsletter, customer data, analytics and consent (issue 15)
  "cookie-consent": () => import("../analytics/consent-modal.tsx"),
  newsletter: () => import("../newsletter/newsletter-modal.tsx"),
  "privacy-statement": () => import("../analytics/privacy-modal.tsx"),
  // Offline orders (issue 17)
  "order-confirmation": () => import("../offline/order-confirmation-modal.tsx"),
  // Accounts (issue 12)
  auth: () => import("../account/auth-modal.tsx"),
  // Issue 14
  "back-in-stock": () => import("../product/back-in-stock-modal.tsx"),
};
