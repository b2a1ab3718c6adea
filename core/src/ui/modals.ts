/**
 * Modal rules (browsing §2 "Default layout"): opening a modal first closes any earlier instance
 * of the same name and re-opens it with the new payload; modals close by name. Pure: the
 * storefront's store holds the list and renders it.
 */

export interface OpenModal<Name extends string = string, Payload = unknown> {
  name: Name;
  payload: Payload;
  /**
   * Changes on every open, so a re-opened modal is a new instance (fresh state, focus and
   * `showModal()`), not the earlier one with a swapped payload.
   */
  instance: number;
}

/** Open modals in stacking order: the last one is on top. */
export type ModalStack<Name extends string = string> = readonly OpenModal<Name>[];

export function openModal<Name extends string>(
  stack: ModalStack<Name>,
  name: Name,
  payload: unknown,
  instance: number,
): ModalStack<Name> {
  return [...stack.filter((m) => m.name !== name), { name, payload, instance }];
}

export function closeModal<Name extends string>(stack: ModalStack<Name>, name: Name): ModalStack<Name> {
  return stack.some((m) => m.name === name) ? stack.filter((m) => m.name !== name) : stack;
}

export function isModalOpen<Name extends string>(stack: ModalStack<Name>, name: Name): boolean {
  return stack.some((m) => m.name === name);
}

/** The modal that receives keyboard input and Escape. */
export function topModal<Name extends string>(stack: ModalStack<Name>): OpenModal<Name> | undefined {
  return stack.at(-1);
}
