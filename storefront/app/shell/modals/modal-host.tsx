import { deferredModule } from "../../lib/deferred-module.ts";
import { lazyComponent } from "../../lib/lazy-component.tsx";
import { closeAllModals, useModalStack } from "../../session/modal-store.ts";

const view = deferredModule(() => import("./modal-host-view.tsx"), { warm: true });
const LazyModals = lazyComponent(() => view.load());

/**
 * The modal host (browsing §2 "Default layout"): nothing until a modal opens, so its code is not
 * part of the page's first load (docs/decisions/0007-storefront-speed.md). Each modal is its own
 * chunk besides (modal-registry.ts). Should the host's chunk not load, its error says so and
 * Close gives up the modals asked for.
 */
export function ModalHost() {
  const open = useModalStack().length > 0;
  if (!open) return null;
  return (
    <div className="lazy-overlay">
      <LazyModals onClose={closeAllModals} />
    </div>
  );
}
