import { type ComponentType, useEffect, useState } from "react";

type View = ComponentType<{ productKey: string }>;
let loaded: View | undefined;

/**
 * Deferred: the product page answers and paints without its recommendations; their code (and the
 * Elevate client) loads once the browser is idle after hydration, in a chunk of its own, and a
 * failed load shows nothing (browsing §8). Keeps the product page within its script budget.
 */
export function ProductRecommendations({ productKey }: { productKey: string }) {
  const [View, setView] = useState<View | undefined>(() => loaded);
  useEffect(() => {
    if (View) return;
    let live = true;
    const start = () =>
      import("./product-recommendations-view.tsx").then(
        (m) => {
          loaded = m.default;
          if (live) setView(() => m.default);
        },
        () => undefined,
      );
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => void start(), { timeout: 1500 })
      : window.setTimeout(() => void start(), 200);
    return () => {
      live = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [View]);
  return View ? <View productKey={productKey} /> : null;
}
