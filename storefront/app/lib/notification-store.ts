import {
  addNotification,
  type Notification,
  type NotificationInput,
  removeNotification,
} from "@etalage/core";
import { createStore, useStore } from "./store.ts";

const store = createStore<readonly Notification[]>([]);
let nextId = 0;

/**
 * Shows a toast. `type` defaults to danger, the lifetime to 5000 ms (`timeToLive`, or none with
 * `hasNoTimeout`); a message equal to the latest one is dropped (core/src/ui/notifications.ts).
 * Returns the id, for `dismissNotification`. Browser only: the server renders no toasts.
 */
export function notify(input: NotificationInput): string {
  const id = `n${++nextId}`;
  if (typeof window === "undefined") return id;
  store.set((list) => addNotification(list, input, id));
  return id;
}

export function dismissNotification(id: string): void {
  store.set((list) => removeNotification(list, id));
}

export function useNotifications(): readonly Notification[] {
  return useStore(store);
}
