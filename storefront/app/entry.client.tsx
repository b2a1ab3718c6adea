import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

// The service worker's code is a chunk of its own, loaded once the page has loaded: nothing of it
// in the hydration bundle (docs/decisions/0007, 0021). Not in development: no sw.js there.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () =>
    void import("./features/offline/service-worker.ts").then((m) => m.registerServiceWorker());
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
