/**
 * A constant table looked up by text from outside (a query's field name, a CMS tag, a search
 * word). It has no prototype, so `toString`, `constructor` or `__proto__` find nothing rather
 * than a function of Object.prototype.
 */
export function lookupTable<T>(
  entries: Readonly<Record<string, T>>,
): Readonly<Record<string, T | undefined>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
