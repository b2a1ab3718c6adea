import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useCart } from "../../features/cart/cart-api.ts";
import type { CheckoutAddress, CheckoutCustomer, CheckoutSummary } from "../../lib/server-context.ts";
import { startAccount, useAccount } from "../../session/account-store.ts";
import { billingIsShipping, type CheckoutValues } from "./checkout-form.ts";
import type { LiveSummary } from "./checkout-live-action.ts";
import { keepDetails, keptBilling, keptDetails, keptValues } from "./checkout-persist.ts";
import { addressValues, BILLING_FIELDS, billingValues, defaultAddress, fillForm } from "./form-fill.ts";

const ADDRESS_FIELDS = ["postcode", "houseNumber", "affix", "street", "city", "telephone"] as const;
const BLANK_ADDRESS: CheckoutValues = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, ""]));
const BLANK_BILLING: CheckoutValues = Object.fromEntries(
  BILLING_FIELDS.map((name) => [`billing_${name}`, ""]),
);

function checkedShipping(form: HTMLFormElement | null): string | null {
  const value = form ? new FormData(form).get("shipping") : null;
  return typeof value === "string" && value ? value : null;
}

/** Which saved address the form's fields hold now, or "new". */
function addressInForm(form: HTMLFormElement, addresses: CheckoutAddress[]): number | "new" {
  const now = new FormData(form);
  const match = addresses.find((a) =>
    Object.entries(addressValues(a)).every(
      ([name, value]) => !ADDRESS_FIELDS.includes(name as never) || (now.get(name) ?? "") === value,
    ),
  );
  return match ? match.id : "new";
}

/** Which saved address the billing fields hold now, or "new". */
function billingInForm(form: HTMLFormElement, addresses: CheckoutAddress[]): number | "new" {
  const now = new FormData(form);
  const match = addresses.find((a) =>
    Object.entries(billingValues(a)).every(([name, value]) => (now.get(name) ?? "") === value),
  );
  return match ? match.id : "new";
}

/**
 * The checkout page in the browser: the summary asked again (with the logged-in shopper's token,
 * the chosen shipping method kept on the cart) after hydration, a shipping change and a coupon
 * change; the details restored from this browser and kept on every change; a customer's details
 * and default address filled in where the form is still empty.
 */
export function useCheckoutLive(
  form: RefObject<HTMLFormElement | null>,
  initial: CheckoutSummary | null,
  /** The form as the server last answered it (a refused post), else empty. */
  posted: CheckoutValues = {},
) {
  const account = useAccount();
  useEffect(() => startAccount(), []);
  const token = account.ready ? account.token : null;
  const fetcher = useFetcher<LiveSummary>();
  const [chosenAddress, setChosenAddress] = useState<number | "new">("new");
  const [billingSame, setBillingSame] = useState(() => billingIsShipping(posted));
  const [chosenBilling, setChosenBilling] = useState<number | "new">("new");
  /** The billing fields this browser kept: the fields start from them when they appear. */
  const [billingKept, setBillingKept] = useState<CheckoutValues>({});
  const latest = useRef({ token, submit: fetcher.submit, busy: false });
  latest.current = { token, submit: fetcher.submit, busy: fetcher.state !== "idle" };
  /** Asked while an answer was on its way: asked again once it came (never two at once). */
  const askAgain = useRef(false);
  /** The shipping value of the last ask (undefined: not asked yet). */
  const sentShipping = useRef<string | null | undefined>(undefined);
  const restored = useRef<Promise<void> | null>(null);
  const prefilledFor = useRef<CheckoutCustomer | null>(null);

  const refresh = useCallback(() => {
    // A second ask would abort the first one's request: it waits for the answer instead.
    if (latest.current.busy) {
      askAgain.current = true;
      return;
    }
    latest.current.busy = true;
    const body = new FormData();
    body.set("intent", "summary");
    if (latest.current.token) body.set("customerToken", latest.current.token);
    const shipping = checkedShipping(form.current);
    sentShipping.current = shipping;
    if (shipping) body.set("shipping", shipping);
    void latest.current.submit(body, { method: "post" });
  }, [form]);

  useEffect(() => {
    if (fetcher.state === "idle" && askAgain.current) {
      askAgain.current = false;
      refresh();
    }
  }, [fetcher.state, refresh]);

  // After hydration (and after a log-in or log-out in another tab): ask with the token as it is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token must ask again (refresh reads it from a ref).
  useEffect(() => {
    if (account.ready) refresh();
  }, [account.ready, token, refresh]);

  // The cart engine settled on other lines or another coupon (a log-in attached the customer's
  // cart, another tab changed it): the server's summary is asked again.
  const cart = useCart();
  const cartKey =
    cart.ready && cart.synced && !cart.busy
      ? `${cart.items.map((i) => `${i.sku}×${i.qty}`).join(",")}|${cart.totals?.couponCode ?? ""}`
      : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is what changes; refresh reads the rest.
  useEffect(() => {
    if (account.ready && cartKey !== null) refresh();
  }, [cartKey]);

  const summary = fetcher.data?.summary ?? initial;
  const customer = fetcher.data?.customer ?? null;
  const formShown = summary !== null && summary.lines.length > 0;

  // The form appears: restore what this browser kept, then ask again if that moved the shipping.
  useEffect(() => {
    const node = form.current;
    if (!formShown || !node || restored.current) return;
    // The server's answer to a post (points looked up, a refusal) holds the form as it was sent:
    // newer than what this browser kept, whose last write may not have finished as the page left.
    const answered = Object.keys(posted).length > 0;
    restored.current = (answered ? keepDetails(keptValues(node)).then(() => null) : keptDetails())
      .then((kept) => {
        if (!kept) return;
        fillForm(node, kept, true);
        setBillingKept(kept);
        if (kept.billingSame !== undefined) setBillingSame(kept.billingSame !== "");
      })
      .catch(() => {})
      .finally(() => {
        if (account.ready && checkedShipping(node) !== sentShipping.current) refresh();
      });
  }, [formShown, form, account.ready, refresh, posted]);

  // A customer: personal details and the default address where the form is still empty.
  useEffect(() => {
    const node = form.current;
    if (!customer || !node || prefilledFor.current === customer) return;
    prefilledFor.current = customer;
    void (restored.current ?? Promise.resolve()).then(() => {
      const { email, firstname, lastname } = customer;
      fillForm(node, { email, firstname, lastname }, true);
      const street = new FormData(node).get("street");
      const fallback = defaultAddress(customer);
      if (!street && fallback) fillForm(node, addressValues(fallback));
      setChosenAddress(addressInForm(node, customer.addresses));
      setChosenBilling(billingInForm(node, customer.addresses));
      void keepDetails(keptValues(node));
    });
  }, [customer, form]);

  const chooseAddress = useCallback(
    (address: CheckoutAddress | null) => {
      const node = form.current;
      if (!node) return;
      setChosenAddress(address ? address.id : "new");
      fillForm(node, address ? addressValues(address) : BLANK_ADDRESS);
      void keepDetails(keptValues(node));
    },
    [form],
  );

  const chooseBilling = useCallback(
    (address: CheckoutAddress | null) => {
      const node = form.current;
      if (!node) return;
      setChosenBilling(address ? address.id : "new");
      fillForm(node, address ? billingValues(address) : BLANK_BILLING);
      void keepDetails(keptValues(node));
    },
    [form],
  );

  const keepTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A change still waiting when the shopper leaves (another page, a reload, a closed tab) is kept
  // then, not dropped with the timer: the last field typed is the one most likely to be lost.
  const keepNow = useCallback(() => {
    if (keepTimer.current === undefined) return;
    clearTimeout(keepTimer.current);
    keepTimer.current = undefined;
    if (form.current) void keepDetails(keptValues(form.current));
  }, [form]);
  const onFormChange = useCallback(
    (event: { target: EventTarget }) => {
      const node = form.current;
      if (!node) return;
      const name = (event.target as HTMLInputElement).name;
      if (name === "shipping") refresh();
      if (customer && (ADDRESS_FIELDS as readonly string[]).includes(name))
        setChosenAddress(addressInForm(node, customer.addresses));
      if (customer && name.startsWith("billing_")) setChosenBilling(billingInForm(node, customer.addresses));
      clearTimeout(keepTimer.current);
      keepTimer.current = setTimeout(keepNow, 150);
    },
    [form, refresh, customer, keepNow],
  );
  useEffect(() => {
    window.addEventListener("pagehide", keepNow);
    return () => {
      window.removeEventListener("pagehide", keepNow);
      keepNow();
    };
  }, [keepNow]);

  return {
    summary,
    customer,
    token,
    /** The browser's session was read (so the page knows whether the shopper is logged in). */
    ready: account.ready,
    /**
     * A customer's cart is still on its way: the session is being read, or a logged-in shopper's
     * cart is being attached or its summary asked.
     */
    waiting:
      !account.ready ||
      (token !== null &&
        (fetcher.state !== "idle" || fetcher.data === undefined || cartKey === null || cart.count > 0)),
    busy: fetcher.state !== "idle",
    refresh,
    chosenAddress,
    chooseAddress,
    /** The billing address: the same as the shipping address, or its own fields (issue 13). */
    billing: {
      same: billingSame,
      setSame: (same: boolean) => {
        setBillingSame(same);
        if (!same) setBillingKept(keptBilling());
      },
      kept: billingKept,
      chosen: chosenBilling,
      choose: chooseBilling,
    },
    onFormChange,
  };
}
