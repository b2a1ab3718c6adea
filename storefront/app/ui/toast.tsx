import { type Notification, type NotificationAction, notificationLifetime, t } from "@etalage/core";
import { useEffect, useRef } from "react";
import { dismissNotification } from "../lib/notification-store.ts";
import { Icon } from "./icons.tsx";

/**
 * One toast: its message, actions, close button and lifetime. A chunk of its own: a page loads it
 * once the shopper interacts, or with the first toast (notification-host.tsx).
 */
export default function Toast({ notification, held }: { notification: Notification; held: boolean }) {
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
