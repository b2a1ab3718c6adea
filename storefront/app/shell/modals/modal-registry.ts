import type { ComponentType } from "react";
import type { ModalName, ModalProps } from "../../session/modal-store.ts";

type Loader<N extends ModalName> = () => Promise<{ default: ComponentType<ModalProps<N>> }>;

/**
 * The modals of the shop, registered by the composed layer: a feature opens one by its name
 * (session/modal-store.ts) and never imports this file or the modal. Each modal is its own chunk, fetched the first time it opens (browsing §2). */
export const modalLoaders: { [N in ModalName]: Loader<N> } = {
  "feature-not-implemented": () => import("./feature-not-implemented-modal.tsx"),
  "size-guide": () => import("./size-guide-modal.tsx"),
  "cart-remove-item": () => import("../../features/cart/microcart/remove-item-modal.tsx"),
  // Issue 18
  review: () => import("../../features/reviews/review-modal.tsx"),
  "store-list": () => import("../../features/stores/store-list-modal.tsx"),
  "store-locator": () => import("../../features/stores/store-locator-modal.tsx"),
  "service-points": () => import("../../features/stores/service-points-modal.tsx"),
  // Newsletter, customer data, analytics and consent (issue 15)
  "cookie-consent": () => import("../../features/analytics/consent-modal.tsx"),
  newsletter: () => import("../../features/newsletter/newsletter-modal.tsx"),
  "privacy-statement": () => import("../../features/cms/privacy-modal.tsx"),
  // Offline orders (issue 17)
  "order-confirmation": () => import("../../features/offline/order-confirmation-modal.tsx"),
  // Accounts (issue 12)
  auth: () => import("../../features/account/auth-modal.tsx"),
  // Issue 14
  "back-in-stock": () => import("../../pages/product/back-in-stock-modal.tsx"),
  // The spec's last modals (issue 29)
  "terms-and-conditions": () => import("../../features/cms/terms-modal.tsx"),
  "password-update": () => import("../../features/account/password-modal.tsx"),
  "account-addresses": () => import("../../features/account/address-modal.tsx"),
  "size-selector": () => import("./size-selector-modal.tsx"),
};
