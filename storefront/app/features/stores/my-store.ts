import { useSyncExternalStore } from "react";
import { reportFavouriteStore } from "../analytics/consent-store.ts";

/*
 * The shopper's store ('Maak dit mijn winkel'). Kept in this browser, and sent as the contact
 * attribute `favstore` of the customer-data platform (Voyado Engage) when the visitor agreed to
 * analytics or marketing (features/analytics/consent-store.ts).
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
  reportFavouriteStore(id);
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
