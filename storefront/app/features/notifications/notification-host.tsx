import { isUrgent, type Notification, type NotificationAction, notificationLifetime, t } from "@etalage/core";
import { useEffect, useRef, useState } from "react";
import { Icon } from "../../ui/icons.tsx";
import { dismissNotification, useNotifications } from "./notification-store.ts";
import "./notifications.css";

/**
 * The toast stack. Both live regions are always in the DOM, so a toast added later is announced:
 * danger interrupts (role="alert"), the rest is polite (role="status").
 */
export function NotificationHost() {
  const notifications = useNotifications();
  // Pointer or focus on the stack holds every toast (WCAG 2.2.1): nobody loses a message mid-read.
  const [held, setHeld] = useState(false);
  const urgent = notifications.filter(isUrgent);
  const polite = notifications.filter((n) => !isUrgent(n));
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
        {urgent.map((n) => (
          <Toast key={n.id} notification={n} held={held} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="toasts__region">
        {polite.map((n) => (
          <Toast key={n.id} notification={n} held={held} />
        ))}
      </div>
    </section>
  );
}

function Toast({ notification, held }: { notification: Notification; held: boolean }) {
  const { id, type, message, action1, action2 } = notification;
  const lifetime = notificationLifetime(notification);
  const dismiss = useRef(() => dismissNotification(id));

  useEffect(() => {
    if (lifetime === null || held) return;
    const timer = window.setTimeout(dismiss.current, lifetime);
    return () => window.clearTimeout(timer);
  }, [lifetime, held]);

  const run = (action: NotificationAction) => {
    action.action?.();
    dismiss.current();
  };

  return (
    <div className={`toast toast--${type}`}>
      <ToastIcon type={type} />
      <p className="toast__message">{message}</p>
      {(action1 || action2) && (
        <div className="toast__actions">
          {[action1, action2].map(
            (action) =>
              action && (
                <button
                  key={action.label}
                  type="button"
                  className="toast__action"
                  onClick={() => run(action)}
                >
                  {action.label}
                </button>
              ),
          )}
        </div>
      )}
      <button type="button" className="toast__close" aria-label={t("Close")} onClick={dismiss.current}>
        <Icon name="close" />
      </button>
    </div>
  );
}

function ToastIcon({ type }: { type: Notification["type"] }) {
  if (type === "success") return <Icon name="check" className="toast__icon" />;
  if (type === "danger" || type === "warning") return <Icon name="alert" className="toast__icon" />;
  return <Icon name="info" className="toast__icon" />;
}
