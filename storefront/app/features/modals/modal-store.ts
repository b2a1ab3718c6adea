import { closeModal as closeInStack, type ModalStack, openModal as openInStack } from "@etalage/core";
import { createStore, useStore } from "../../lib/store.ts";
import type { ModalName, ModalPayloads } from "./modal-registry.ts";

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
