import {
  type CartItem,
  closeModal as closeInStack,
  type ModalStack,
  openModal as openInStack,
  type SizeTableKey,
} from "@etalage/core";
import { createStore, useStore } from "../lib/store.ts";
import type { CustomerAddress } from "./account-http.ts";

/** A PostNL pick-up point as `GET /api/ext/service-points` answers it (contract "The rest"). */
export interface ServicePointChoice {
  code: string;
  name: string;
  street: string;
  house_number: string;
  postcode: string;
  city: string;
  distance_m: number;
}

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
  // The spec's last modals (issue 29)
  "terms-and-conditions": undefined;
  "password-update": undefined;
  /** Add (no address) or edit an address; `onSaved` hears the address as the server keeps it. */
  "account-addresses":
    | { address?: CustomerAddress; onSaved?: (address: CustomerAddress) => void }
    | undefined;
  /** The sizes as a bottom sheet on a phone (a product card's quick add, the sticky buy bar). */
  "size-selector": SizeSelectorPayload;
}

/** One size the size selector offers: `value` is what the opener knows it by. */
export interface SizeChoice {
  value: string;
  label: string;
  available: boolean;
  /** A word beside it, such as "Laatste stuks". */
  note?: string | null;
}

/**
 * Either the sizes and what to do with the choice (the product page, whose form adds), or only
 * the product (a card's quick add): the modal then asks the catalogue for its sizes in stock and
 * adds the chosen one to the bag itself.
 */
type SizeSelectorPayload =
  | { name: string; sizes: SizeChoice[]; onChoose: (value: string) => void; productSku?: never }
  | { name: string; productSku: string; href: string; sizes?: never; onChoose?: never };

export type ModalName = keyof ModalPayloads;

export interface ModalProps<N extends ModalName> {
  payload: ModalPayloads[N];
  close: () => void;
}

const store = createStore<ModalStack<ModalName>>([]);
let instance = 0;

/**
 * Opens a modal by name. An open modal of the same name is closed first and opened again with
 * this payload (core/src/ui/modals.ts).
 */
export function openModal<N extends ModalName>(
  name: N,
  ...payload: undefined extends ModalPayloads[N] ? [payload?: ModalPayloads[N]] : [payload: ModalPayloads[N]]
): void {
  store.set((stack) => openInStack(stack, name, payload[0], ++instance));
}

export function closeModal(name: ModalName): void {
  store.set((stack) => closeInStack(stack, name));
}

/** Gives up every open modal (their host could not load). */
export function closeAllModals(): void {
  store.set(() => []);
}

export function useModalStack(): ModalStack<ModalName> {
  return useStore(store);
}
