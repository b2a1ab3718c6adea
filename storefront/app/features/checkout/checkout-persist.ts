import { createStorage, type KeyValueStorage } from "../../lib/storage.ts";
import type { CheckoutValues } from "./checkout-form.ts";

/**
 * The checkout's details kept in this browser (transactional §2, through the one IndexedDB
 * wrapper), so a reload or a return from the log-in page finds them again. Secrets and one-time
 * values are never written: a password, the customer's token, the order's idempotency key.
 */
const NEVER_KEPT = new Set(["password", "customerToken", "idempotencyKey", "intent", "savedAddress"]);
const KEY = "details";

let storage: KeyValueStorage | null = null;
const store = () => {
  storage ??= createStorage("checkout");
  return storage;
};

export interface KeptDetails {
  values: CheckoutValues;
  at: number;
}

export function keptValues(form: HTMLFormElement): CheckoutValues {
  const values: CheckoutValues = {};
  for (const [name, value] of new FormData(form))
    if (typeof value === "string" && !NEVER_KEPT.has(name)) values[name] = value;
  return values;
}

export function keepDetails(values: CheckoutValues): Promise<void> {
  return store().set(KEY, { values, at: Date.now() } satisfies KeptDetails);
}

export async function keptDetails(): Promise<CheckoutValues | null> {
  const kept = await store().get<KeptDetails>(KEY);
  if (!kept?.values) return null;
  const values: CheckoutValues = {};
  for (const [name, value] of Object.entries(kept.values))
    if (typeof value === "string" && !NEVER_KEPT.has(name)) values[name] = value;
  return values;
}

/** The order was placed: the details go (the next checkout starts from the account or empty). */
export function forgetDetails(): Promise<void> {
  return store().delete(KEY);
}
