import type { ProductConfigurationValue } from "@etalage/core";

/**
 * "Before configure" and "after configure" (browsing §4 "Configurable product"), for whoever
 * wants to follow a shopper's choices (tracking, recommendations). A typed, explicit channel
 * instead of VSF1's global event bus: listeners subscribe here and nowhere else.
 */
export type ConfigureEvent =
  | {
      type: "before-configure";
      sku: string;
      option: { attribute_code: string; value: string };
      configuration: Readonly<Record<string, string>>;
    }
  | {
      type: "after-configure";
      sku: string;
      variantSku: string;
      configuration: Readonly<Record<string, ProductConfigurationValue>>;
    };

type Listener = (event: ConfigureEvent) => void;

const listeners = new Set<Listener>();

function _onConfigure(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitConfigure(event: ConfigureEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      // A listener's bug must not stop the shopper from choosing a size.
      console.warn("configure listener failed", error);
    }
  }
}
