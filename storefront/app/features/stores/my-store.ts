import { useSyncExternalStore } from "react";
import { emit } from "../../session/events.ts";

/*
 * The shopper's store ('Maak dit mijn winkel'). Kept in this browser, and sent as the contact
 * attribute `favstore` of the customer-data platform (Voyado Engage) when the visitor agreed to
 * analytics or marketing (features/customer-data/customer-data-reactions.ts).
 */
const KEY = "etalage:favstore";
const listeners = new Set<() => void>();

export function setMyStore(id: string): void {
  try {
    localStorage.setItem(KEY, id);
  } catch {
    // A browser without storage keeps the choice for this page only.
  }
  memory = id;
  for (const l of listeners) l();
  void emit("store-chosen", { storeId: id });
}

let memory: string | null = null;

function read(): string | null {
  try {
    return localStorage.getItem(KEY) ?? memory;
  } catch {
    return memory;
  }
}

export function useMyStore(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => e.key === KEY && listener();
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
    read,
    () => null,
  );
}
