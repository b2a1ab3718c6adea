import { t } from "@etalage/core";
import { Workbox } from "workbox-window";
import { notify } from "../../lib/notification-store.ts";

/**
 * Registers the service worker at `/` (browsing §4 "Offline"; docs/decisions/0021). Its events are
 * only logged, except one: a new version that is waiting is announced ('Nieuwe versie
 * beschikbaar', Herladen). Reloading tells it to take over; every tab then loads the new build
 * at once, so no open page asks the new worker for chunks of the old build.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const log = (event: string, detail?: unknown) =>
    console.info(`[service worker] ${event}`, ...(detail === undefined ? [] : [detail]));
  const workbox = new Workbox("/sw.js", { scope: "/" });
  const hadController = Boolean(navigator.serviceWorker.controller);

  workbox.addEventListener("installed", (event) => log(event.isUpdate ? "update installed" : "installed"));
  workbox.addEventListener("activated", (event) => log(event.isUpdate ? "update activated" : "activated"));
  workbox.addEventListener("controlling", () => log("controlling"));
  workbox.addEventListener("redundant", () => log("redundant"));
  workbox.addEventListener("waiting", () => {
    log("new version waiting");
    notify({
      type: "info",
      message: t("A new version is available"),
      hasNoTimeout: true,
      action1: { label: t("Reload"), action: () => void takeUpdate(log) },
    });
  });

  // A new worker took over (here or in another tab): this page's chunks are the old build's.
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!hadController || reloading) return;
    reloading = true;
    log("new version active, reloading");
    window.location.reload();
  });

  workbox.register().then(
    (registration) => log("registered", registration?.scope),
    (error: unknown) => log("registration failed", error),
  );
  // A tab left open for days hears of a deploy when the shopper comes back to it.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void workbox.update().catch(() => {});
  });
}

/**
 * Tells the waiting worker to take over. Asks the registration at the moment of the click rather
 * than Workbox's copy of it: the worker waiting then is the one to tell.
 */
async function takeUpdate(log: (event: string, detail?: unknown) => void) {
  const registration = await navigator.serviceWorker.getRegistration("/");
  const waiting = registration?.waiting;
  log("update requested", { waiting: Boolean(waiting) });
  if (waiting) waiting.postMessage({ type: "SKIP_WAITING" });
  else window.location.reload();
}
