/**
 * Notification rules (transactional §3, §5, §9). Pure: the storefront's store keeps the list and
 * the timers; these functions decide what the list becomes.
 */

export const NOTIFICATION_TYPES = ["secondary", "info", "success", "warning", "danger"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Default lifetime of a notification (transactional §9). */
export const NOTIFICATION_LIFETIME_MS = 5000;

export interface NotificationAction {
  label: string;
  /** Runs when the shopper picks the action; the notification is dismissed afterwards. */
  action?: () => void;
}

/** What a caller asks for; everything but the message has a default. */
export interface NotificationInput {
  type?: NotificationType;
  message: string;
  action1?: NotificationAction;
  action2?: NotificationAction;
  timeToLive?: number;
  hasNoTimeout?: boolean;
}

export interface Notification {
  id: string;
  type: NotificationType;
  message: string;
  action1?: NotificationAction;
  action2?: NotificationAction;
  timeToLive?: number;
  hasNoTimeout: boolean;
}

/** Fills in the defaults: an unknown or missing type is `danger` (transactional §3). */
export function createNotification(input: NotificationInput, id: string): Notification {
  const type = input.type && NOTIFICATION_TYPES.includes(input.type) ? input.type : "danger";
  const notification: Notification = {
    id,
    type,
    message: input.message,
    hasNoTimeout: input.hasNoTimeout === true,
  };
  if (input.action1) notification.action1 = input.action1;
  if (input.action2) notification.action2 = input.action2;
  if (input.timeToLive !== undefined) notification.timeToLive = input.timeToLive;
  return notification;
}

/**
 * The list after adding `input`. A message equal to the latest notification's is not added again
 * (transactional §5), so a failing retry loop cannot flood the screen; the same list comes back.
 */
export function addNotification(
  list: readonly Notification[],
  input: NotificationInput,
  id: string,
): readonly Notification[] {
  const latest = list.at(-1);
  if (latest && latest.message === input.message) return list;
  return [...list, createNotification(input, id)];
}

export function removeNotification(list: readonly Notification[], id: string): readonly Notification[] {
  return list.some((n) => n.id === id) ? list.filter((n) => n.id !== id) : list;
}

/** Milliseconds until the notification goes away by itself, or `null` when it stays until closed. */
export function notificationLifetime(notification: Notification): number | null {
  if (notification.hasNoTimeout) return null;
  const ttl = notification.timeToLive;
  return ttl !== undefined && Number.isFinite(ttl) && ttl >= 0 ? ttl : NOTIFICATION_LIFETIME_MS;
}

/** Danger interrupts (role="alert"); everything else waits its turn (role="status"). */
export function isUrgent(notification: Notification): boolean {
  return notification.type === "danger";
}
