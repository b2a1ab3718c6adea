import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closeModal, isModalOpen, type ModalStack, openModal, topModal } from "./modals.ts";

describe("openModal", () => {
  it("stacks different modals, the newest on top", () => {
    let stack: ModalStack = [];
    stack = openModal(stack, "size-guide", undefined, 1);
    stack = openModal(stack, "feature-not-implemented", { feature: "Zoeken" }, 2);
    expect(stack.map((m) => m.name)).toEqual(["size-guide", "feature-not-implemented"]);
    expect(topModal(stack)?.name).toBe("feature-not-implemented");
  });

  it("closes an earlier instance of the same name and re-opens it with the new payload", () => {
    let stack: ModalStack = [];
    stack = openModal(stack, "size-guide", { tab: "shirts" }, 1);
    stack = openModal(stack, "newsletter", undefined, 2);
    stack = openModal(stack, "size-guide", { tab: "shoes" }, 3);
    expect(stack).toEqual([
      { name: "newsletter", payload: undefined, instance: 2 },
      { name: "size-guide", payload: { tab: "shoes" }, instance: 3 },
    ]);
  });

  it("holds each name at most once", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 20 }), (names) => {
        let stack: ModalStack = [];
        names.forEach((name, i) => {
          stack = openModal(stack, name, i, i);
        });
        expect(new Set(stack.map((m) => m.name)).size).toBe(stack.length);
        if (names.length > 0) expect(topModal(stack)?.name).toBe(names.at(-1));
      }),
    );
  });
});

describe("closeModal", () => {
  it("closes by name and leaves the others", () => {
    let stack: ModalStack = openModal(openModal([], "a", 1, 1), "b", 2, 2);
    stack = closeModal(stack, "a");
    expect(stack.map((m) => m.name)).toEqual(["b"]);
    expect(isModalOpen(stack, "a")).toBe(false);
    expect(isModalOpen(stack, "b")).toBe(true);
  });

  it("returns the same stack when the modal is not open", () => {
    const stack: ModalStack = openModal([], "a", 1, 1);
    expect(closeModal(stack, "b")).toBe(stack);
  });

  it("has no top modal when empty", () => {
    expect(topModal([])).toBeUndefined();
  });
});
