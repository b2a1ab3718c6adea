import { useEffect } from "react";

/**
 * Registers the service worker once the page has loaded. Its code (Workbox's window half, the
 * update notice) is a chunk of its own, loaded only then: nothing of it in the hydration bundle
 * (docs/decisions/0007, 0021). Not in development, which has no sw.js.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    const register = () => void import("./service-worker.ts").then((m) => m.registerServiceWorker());
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  }, []);
}
