import { use } from "react";

type Tracked<M> = Promise<M> & { status?: "pending" | "fulfilled" | "rejected"; value?: M; reason?: unknown };

export interface DeferredModule<M> {
  /** Starts (or joins) the import; a failed one is tried again on the next call. */
  load(): Promise<M>;
  /**
   * The module inside render: at once when loaded, otherwise it suspends. Server-side every
   * deferred module starts loading when it is declared and loaders await the ones they render, so
   * pages render in one pass; in the browser the first render is the hydration, and React keeps
   * the server's HTML of the surrounding <Suspense> until the chunk is there, then hydrates it
   * (docs/decisions/0007-storefront-speed.md).
   */
  use(): M;
  /**
   * As `use()`, but in the browser nothing loads before the shopper's first interaction (or a
   * navigation): until then it suspends, and a <Suspense> around it keeps the server's HTML, inert.
   * For server-rendered parts nobody uses without acting first (shell/on-demand.tsx).
   */
  useOnDemand(): M;
}

export interface DeferredModuleOptions {
  /**
   * Load it once the shopper has interacted with the page (lib/route-errors.ts warms the page's
   * routes then too), for code a page may need without the network: an error page, a toast.
   */
  warm?: boolean;
}

const toWarm: (() => unknown)[] = [];
/** Server-side, every deferred module's first load (serverModulesLoaded). */
const serverLoads: Promise<unknown>[] = [];
let warmed = false;
let openGate = () => {};
/** Settles at the shopper's first interaction (warmDeferredModules). */
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});

/**
 * Code kept out of the page's first load, in its own chunk: a page type the URL dispatcher shows
 * (routes/dispatcher.tsx), the status pages, the shell's overlays. The promise carries React's
 * `status`/`value` fields, so `use()` reads a loaded module synchronously.
 */
export function deferredModule<M>(
  importer: () => Promise<M>,
  { warm = false }: DeferredModuleOptions = {},
): DeferredModule<M> {
  let current: Tracked<M> | undefined;
  const load = (): Tracked<M> => {
    if (current) return current;
    const promise: Tracked<M> = importer();
    promise.status = "pending";
    promise.then(
      (value) => {
        promise.status = "fulfilled";
        promise.value = value;
      },
      (reason: unknown) => {
        promise.status = "rejected";
        promise.reason = reason;
        if (current === promise) current = undefined;
      },
    );
    current = promise;
    return promise;
  };
  if (import.meta.env.SSR) serverLoads.push(load().catch(() => undefined));
  else if (warm) {
    const start = () => load().catch(() => undefined);
    toWarm.push(start);
    if (warmed) start();
  }
  let onDemand: Promise<M> | undefined;
  return {
    load,
    use: () => use(load() as Promise<M>),
    useOnDemand() {
      if (import.meta.env.SSR || warmed) return use(load() as Promise<M>);
      onDemand ??= gate.then(load);
      return use(onDemand);
    },
  };
}

/**
 * Loads every deferred module marked `warm`: at the shopper's first interaction, and again at
 * each navigation (lib/route-errors.ts; one that failed offline is tried again). Loaded ones cost
 * nothing.
 */
export function warmDeferredModules(): void {
  warmed = true;
  openGate();
  for (const start of toWarm) start();
}

/**
 * What counts as the shopper's first interaction: a hand on the page, not its load. A click of its
 * own counts: a screen reader in browse mode or voice control sends only that.
 */
export const FIRST_INTERACTION = [
  "pointerdown",
  "pointermove",
  "keydown",
  "touchstart",
  "scroll",
  "focusin",
  "click",
];

let ownFocusMoves = 0;

/**
 * Runs `move`, a focus move of the shop's own (a modal opening on load, such as the cookie
 * banner), without it counting as the shopper's first interaction: its `focusin` is the page's
 * doing, and counting it loaded every route's code during the first visit (Lighthouse: 50 chunks
 * and ≈ 450 ms of blocking time on the home page).
 */
export function ownFocusMove<T>(move: () => T): T {
  ownFocusMoves++;
  try {
    return move();
  } finally {
    ownFocusMoves--;
  }
}

/** Whether `event` (one of FIRST_INTERACTION) is the shopper's, not a focus move of the page's own. */
export function isShopperInteraction(event: Event): boolean {
  return !(event.type === "focusin" && ownFocusMoves > 0);
}

// From before hydration, ahead of every other listener: a key pressed while the page hydrates
// already asks for the code it needs (shell/on-demand.tsx holds the press meanwhile).
if (!import.meta.env.SSR && typeof window !== "undefined") {
  const first = (event: Event) => {
    if (!isShopperInteraction(event)) return;
    for (const type of FIRST_INTERACTION) window.removeEventListener(type, first, true);
    warmDeferredModules();
  };
  for (const type of FIRST_INTERACTION)
    window.addEventListener(type, first, { capture: true, passive: true });
}

/**
 * Server-side: settles once every deferred module has loaded, those declared by the chunks that
 * loaded included. A render thread waits for it before its first page, since it runs no loaders
 * that would await the modules a page renders (server/src/ssr/render-worker.ts).
 */
export async function serverModulesLoaded(): Promise<void> {
  for (let settled = 0; settled < serverLoads.length; ) {
    const declared = serverLoads.length;
    await Promise.all(serverLoads.slice(settled));
    settled = declared;
  }
}
