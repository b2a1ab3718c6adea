import { describe, expect, it } from "vitest";
import {
  closeLineEditor,
  closeMicrocart,
  editModeNow,
  isMicrocartOpen,
  openLineEditor,
  openMicrocart,
} from "./microcart-store.ts";

describe("the microcart's edit mode (transactional §2)", () => {
  it("goes none → open with the line's product, quantity and options → closed", () => {
    expect(editModeNow()).toEqual({ state: "none" });
    openMicrocart();
    openLineEditor({ lineKey: "A-M|x", sku: "A-M", productId: 7, qty: 2, selectedOptions: {} });
    expect(editModeNow()).toMatchObject({ state: "open", productId: 7, qty: 2 });
    openLineEditor({
      lineKey: "A-M|x",
      sku: "A-M",
      productId: 7,
      qty: 3,
      selectedOptions: { configurable: { size: "103" } },
    });
    expect(editModeNow()).toMatchObject({ qty: 3, selectedOptions: { configurable: { size: "103" } } });
    closeLineEditor("A-L");
    expect(editModeNow()).toEqual({ state: "closed", sku: "A-L" });
    closeLineEditor("other");
    expect(editModeNow()).toEqual({ state: "closed", sku: "A-L" });
  });

  it("closing the microcart closes an open editor, keeping its line's sku", () => {
    openMicrocart();
    expect(isMicrocartOpen()).toBe(true);
    openLineEditor({ lineKey: "B|", sku: "B", productId: null, qty: 1, selectedOptions: {} });
    closeMicrocart();
    expect(isMicrocartOpen()).toBe(false);
    expect(editModeNow()).toEqual({ state: "closed", sku: "B" });
  });
});
