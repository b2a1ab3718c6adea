/**
 * A lock shared by every tab of the shop (Web Locks), so two tabs never sync one cart at once and
 * never write the stored cart over each other. Where Web Locks are missing, a lock per tab.
 */
const local = new Map<string, Promise<unknown>>();

export function withLock<T>(name: string, run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks?.request) return locks.request(name, run) as Promise<T>;
  const previous = local.get(name) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(run);
  local.set(name, next);
  next.finally(() => {
    if (local.get(name) === next) local.delete(name);
  });
  return next;
}
