import { useEffect } from "react";
import { mayHoldOfflineOrders } from "./orders-database.ts";

/**
 * Registers the service worker and, where orders wait on this device, starts the offline-order
 * watch, once the page has loaded. Their code (Workbox's window half, the
 * update notice) is a chunk of its own, loaded only then: nothing of it in the hydration bundle
 * (docs/decisions/0007, 0021). Not in development, which has no sw.js.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    const register = () => {
      void import("./service-worker.ts").then((m) => m.registerServiceWorker());
      void mayHoldOfflineOrders().then((may) => {
        if (may) void import("./offline-order-watch.ts").then((m) => m.startOfflineOrders());
      });
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }, []);
}
