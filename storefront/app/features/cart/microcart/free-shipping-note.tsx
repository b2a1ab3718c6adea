import { formatPrice, t } from "@etalage/core";
import "./free-shipping-note.css";

/**
 * "Nog € 12,05 tot gratis verzending", or that delivery is free once reached: from the server's
 * shipping rule (the totals' `free_shipping`), never a threshold of the browser's own. Nothing for a
 * cart with nothing to ship, nor before the first totals are in. Polite: a changed quantity updates
 * it and a screen reader hears the new amount once the shopper pauses.
 */
export function FreeShippingNote({
  progress,
}: {
  progress: { threshold: number; remaining: number } | null;
}) {
  if (!progress || progress.threshold <= 0) return null;
  const reached = progress.remaining <= 0;
  const done = reached ? 1 : Math.min(1, Math.max(0, 1 - progress.remaining / progress.threshold));
  return (
    <div className={`free-shipping${reached ? " free-shipping--reached" : ""}`}>
      <p className="free-shipping__text" aria-live="polite">
        {reached
          ? t("Your order ships free")
          : t("{amount} more for free shipping", { amount: formatPrice(progress.remaining) })}
      </p>
      <span className="free-shipping__bar" aria-hidden="true">
        <span className="free-shipping__fill" style={{ inlineSize: `${Math.round(done * 100)}%` }} />
      </span>
    </div>
  );
}
