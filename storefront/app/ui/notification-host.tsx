import { isUrgent, t } from "@etalage/core";
import { useState } from "react";
import { deferredModule } from "../lib/deferred-module.ts";
import { lazyComponent } from "../lib/lazy-component.tsx";
import { dismissNotification, useNotifications } from "../lib/notification-store.ts";
import "./notifications.css";

const toast = deferredModule(() => import("./toast.tsx"), { warm: true });
const LazyToast = lazyComponent(() => toast.load());

/**
 * The toast stack. Both live regions are always in the DOM, so a toast added later is announced:
 * danger interrupts (role="alert"), the rest is polite (role="status"). A toast's own code comes
 * once the shopper interacts, or with the first toast (docs/decisions/0007-storefront-speed.md).
 */
export function NotificationHost() {
  const notifications = useNotifications();
  // Pointer or focus on the stack holds every toast (WCAG 2.2.1): nobody loses a message mid-read.
  const [held, setHeld] = useState(false);
  const toasts = (urgent: boolean) =>
    notifications
      .filter((n) => isUrgent(n) === urgent)
      .map((n) => (
        <LazyToast key={n.id} notification={n} held={held} onClose={() => dismissNotification(n.id)} />
      ));
  return (
    <section
      className="toasts"
      aria-label={t("Notifications")}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div role="alert" className="toasts__region">
        {toasts(true)}
      </div>
      <div role="status" aria-live="polite" className="toasts__region">
        {toasts(false)}
      </div>
    </section>
  );
}
