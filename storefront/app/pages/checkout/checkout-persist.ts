import { createStorage, type KeyValueStorage } from "../../lib/storage.ts";
import type { CheckoutValues } from "./checkout-form.ts";

/**
 * The checkout's details kept in this browser (transactional §2, through the one IndexedDB
 * wrapper), so a reload or a return from the log-in page finds them again. Secrets and one-time
 * values are never written: a password, the customer's token, the order's idempotency key.
 */
const NEVER_KEPT = new Set([
  "password",
  "customerToken",
  "idempotencyKey",
  "intent",
  "savedAddress",
  "savedBillingAddress",
]);
const KEY = "details";

let storage: KeyValueStorage | null = null;
const store = () => {
  storage ??= createStorage("checkout");
  return storage;
};

interface KeptDetails {
  values: CheckoutValues;
  at: number;
}

/** The form's values; a box left unticked is kept as "" (the form data leaves it out). */
export function keptValues(form: HTMLFormElement): CheckoutValues {
  const values: CheckoutValues = {};
  for (const box of form.querySelectorAll<HTMLInputElement>("input[type=checkbox][name]"))
    if (!NEVER_KEPT.has(box.name)) values[box.name] = "";
  for (const [name, value] of new FormData(form))
    if (typeof value === "string" && !NEVER_KEPT.has(name)) values[name] = value;
  return values;
}

/** The billing fields last kept: they stay kept while the box "same as shipping" hides them. */
let billingKept: CheckoutValues = {};
const isBilling = (name: string) => name.startsWith("billing_");

export function keepDetails(values: CheckoutValues): Promise<void> {
  const shown = Object.keys(values).some(isBilling);
  const kept = shown ? values : { ...billingKept, ...values };
  billingKept = Object.fromEntries(Object.entries(kept).filter(([name]) => isBilling(name)));
  return store().set(KEY, { values: kept, at: Date.now() } satisfies KeptDetails);
}

/** The billing fields last kept (shown again when the shopper unticks "same as shipping"). */
export function keptBilling(): CheckoutValues {
  return { ...billingKept };
}

export async function keptDetails(): Promise<CheckoutValues | null> {
  const kept = await store().get<KeptDetails>(KEY);
  if (!kept?.values) return null;
  const values: CheckoutValues = {};
  for (const [name, value] of Object.entries(kept.values))
    if (typeof value === "string" && !NEVER_KEPT.has(name)) values[name] = value;
  billingKept = Object.fromEntries(Object.entries(values).filter(([name]) => isBilling(name)));
  return values;
}

/** The order was placed: the details go (the next checkout starts from the account or empty). */
export function forgetDetails(): Promise<void> {
  billingKept = {};
  return store().delete(KEY);
}
