import { createStore, useStore } from "../../../lib/store.ts";

/**
 * The microcart's UI flags (transactional §2, browsing §4 "UI flags"): whether the overlay is open,
 * and its edit mode. Kept apart from the microcart's chunk so the header's buttons can open it.
 */

/** The choices of a line being edited, keyed by option type (transactional §2). */
interface SelectedOptions {
  /** attribute_code → value_index of a configurable line. */
  configurable?: Record<string, string>;
}

/**
 * Edit mode (transactional §2): none; open with the line's product, quantity and options; closed.
 * `lineKey` names the line (sku and checksum): the product id alone cannot tell two sizes apart.
 * Closed keeps the sku the line has now, so focus can go back to that line.
 */
export type EditMode =
  | { state: "none" }
  | {
      state: "open";
      lineKey: string;
      sku: string;
      productId: number | null;
      qty: number;
      selectedOptions: SelectedOptions;
    }
  | { state: "closed"; sku: string };

const openStore = createStore(false);
const editStore = createStore<EditMode>({ state: "none" });

export function openMicrocart(): void {
  openStore.set(true);
}

export function closeMicrocart(): void {
  openStore.set(false);
  editStore.set((mode) => (mode.state === "open" ? { state: "closed", sku: mode.sku } : mode));
}

export function useMicrocartOpen(): boolean {
  return useStore(openStore);
}

export function openLineEditor(line: Omit<Extract<EditMode, { state: "open" }>, "state">): void {
  editStore.set({ state: "open", ...line });
}

/** Leaves edit mode; `sku` is the line's sku afterwards (another size is another sku). */
export function closeLineEditor(sku?: string): void {
  editStore.set((mode) => (mode.state === "open" ? { state: "closed", sku: sku ?? mode.sku } : mode));
}

export function useEditMode(): EditMode {
  return useStore(editStore);
}

export function isMicrocartOpen(): boolean {
  return openStore.get();
}

export function editModeNow(): EditMode {
  return editStore.get();
}
