import { type ReactNode, Suspense, useEffect, useId } from "react";

/*
 * <html data-hydrated>: from then on every part of the page answers a tap. The root's effect
 * alone says too little: a page whose code comes in its own chunk sits in a <PageBoundary>, and
 * at hydration React keeps the server's HTML there (a tap on it does nothing) until the chunk is
 * in, after the root's effect has run. The browser suite waits for this mark (e2e fixtures.ts).
 */
const unsettled = new Set<string>();
let shellHydrated = false;

function settle() {
  if (shellHydrated && unsettled.size === 0) document.documentElement.dataset.hydrated = "true";
}

/** The root's part: its effect runs after every child's outside a page boundary. */
export function useShellHydrated(): void {
  useEffect(() => {
    shellHydrated = true;
    settle();
  }, []);
}

function Settled({ id }: { id: string }) {
  useEffect(() => {
    unsettled.delete(id);
    settle();
  }, [id]);
  return null;
}

/** A <Suspense> around a page's deferred code; the page counts as hydrated once its content is. */
export function PageBoundary({ children }: { children: ReactNode }) {
  const id = useId();
  // Only the first render in the browser (hydration) waits; the server and later pages do not.
  if (typeof document !== "undefined" && !shellHydrated) unsettled.add(id);
  useEffect(
    () => () => {
      unsettled.delete(id);
      settle();
    },
    [id],
  );
  return (
    <Suspense>
      {children}
      <Settled id={id} />
    </Suspense>
  );
}
