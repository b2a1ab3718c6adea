import { formatPrice, t } from "@etalage/core";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { CheckoutPlace, CheckoutSummary } from "../../lib/server-context.ts";
import type { CustomerAddress } from "../../session/account-http.ts";
import { openModal } from "../../session/modal-store.ts";
import { AddressFields } from "./address-fields.tsx";
import { BillingAddress } from "./billing-address.tsx";
import { Field } from "./checkout-field.tsx";
import type { CheckoutValues } from "./checkout-form.ts";
import { CheckoutSummaryBox } from "./checkout-summary.tsx";
import { CreateAccountField, useCreateAccount } from "./create-account.tsx";
import { OfflineOrderPlaced, useOfflineCheckout } from "./offline-checkout.tsx";
import { OrderLegal } from "./order-legal.tsx";
import { SavedAddresses } from "./saved-addresses.tsx";
import { useCheckoutLive } from "./use-checkout-live.ts";
import { useCheckoutTracking } from "./use-checkout-tracking.ts";
import "./checkout.css";
import { PickupPointFields, StoreField } from "./delivery-fields.tsx";

export interface CheckoutPageProps {
  summary: CheckoutSummary | null;
  /** The cart is a customer's: its summary comes once the browser sent the customer's token. */
  customerCart: boolean;
  stores: CheckoutPlace[];
  points: CheckoutPlace[] | null;
  values: CheckoutValues;
  errors: Record<string, string>;
  message: string | null;
  idempotencyKey: string;
}

/**
 * The checkout (transactional §2): one form, no distractions; works without JavaScript. The form
 * posts as a document (`reloadDocument`): its answer sends the shopper on to the payment provider.
 */
export function CheckoutPage(props: CheckoutPageProps) {
  const { values } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  const live = useCheckoutLive(formRef, props.summary, props.values);
  const { summary, customer } = live;
  /** An address added or changed in the account addresses modal: the book is asked again, and
   * the address is the one the order goes to. */
  const addressSaved = (address: CustomerAddress) => {
    live.refresh();
    if (address.id !== undefined)
      live.chooseAddress({
        ...address,
        id: address.id,
        default_shipping: address.default_shipping ?? false,
        default_billing: address.default_billing ?? false,
      });
  };
  useCheckoutTracking(formRef, summary, values);
  const account = useCreateAccount(formRef);
  // Offline, the order is stored on this device and sent once online (features/offline).
  const offline = useOfflineCheckout(summary);
  const errors = { ...props.errors, ...offline.errors };
  // Focus moves to the first field in error after a refused submit (transactional §5).
  useEffect(() => {
    if (Object.keys(props.errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [props.errors]);

  if (offline.order) return <OfflineOrderPlaced order={offline.order} />;
  if (!summary && (props.customerCart || live.token) && live.waiting) {
    return (
      <main className="checkout checkout--empty">
        <h1>{t("Checkout")}</h1>
        <p role="status">{t("Loading...")}</p>
      </main>
    );
  }
  if (!summary || summary.lines.length === 0) {
    return (
      <main className="checkout checkout--empty">
        <h1>{t("Checkout")}</h1>
        <p>{t("Your cart is empty.")}</p>
        <Link to="/">{t("Continue shopping")}</Link>
      </main>
    );
  }
  const shipping =
    values.shipping ??
    `${summary.shippingMethods[0]?.carrier_code}:${summary.shippingMethods[0]?.method_code}`;
  const payment = values.payment ?? summary.paymentMethods[0]?.code ?? "";
  return (
    <main className="checkout">
      <h1>{t("Checkout")}</h1>
      {props.message && (
        <p className="checkout__alert" role="alert">
          {t(props.message)}
        </p>
      )}
      <div className="checkout__columns">
        <Form
          method="post"
          id="checkout-form"
          ref={formRef}
          className="checkout__form"
          noValidate
          reloadDocument
          onChange={live.onFormChange}
          onSubmit={(event) => {
            offline.onSubmit(event);
            if (!event.defaultPrevented) account.onSubmit(event);
          }}
        >
          <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
          <input type="hidden" name="customerToken" value={live.token ?? ""} />
          <input type="hidden" name="expectedGrandTotal" value={String(summary.grandTotal)} />
          <fieldset>
            <legend>{t("Personal details")}</legend>
            {customer ? (
              <p className="checkout__account">{t("Logged in as {email}", { email: customer.email })}</p>
            ) : (
              <p className="checkout__account">
                {t("Already have an account?")} <Link to="/login?redirect=/checkout">{t("Log in")}</Link>
              </p>
            )}
            <Field
              name="email"
              label="E-mail address"
              type="email"
              autoComplete="email"
              values={values}
              errors={errors}
              required
            />
            <Field
              name="firstname"
              label="First name"
              autoComplete="given-name"
              values={values}
              errors={errors}
              required
            />
            <Field
              name="lastname"
              label="Last name"
              autoComplete="family-name"
              values={values}
              errors={errors}
              required
            />
            {/* Contact details: the carrier's or the store's call about the order. */}
            <Field
              name="telephone"
              label="Phone number (optional)"
              type="tel"
              autoComplete="tel"
              values={values}
              errors={errors}
            />
            {live.ready && !live.token && (
              <CreateAccountField
                wanted={account.wanted}
                onWanted={account.setWanted}
                error={account.error}
              />
            )}
          </fieldset>
          {/* Hidden by CSS while store pick-up is chosen (checkout.css): it asks no address (issue 23, item 12). */}
          <fieldset className="checkout__address">
            <legend>{t("Shipping address")}</legend>
            {customer && (
              <SavedAddresses
                addresses={customer.addresses}
                chosen={live.chosenAddress}
                onChoose={live.chooseAddress}
                onAdd={() => openModal("account-addresses", { onSaved: addressSaved })}
                onEdit={(address) => openModal("account-addresses", { address, onSaved: addressSaved })}
              />
            )}
            <AddressFields section="shipping" values={values} errors={errors} />
          </fieldset>
          {!summary.virtual && (
            <fieldset>
              <legend>{t("Shipping method")}</legend>
              {summary.shippingMethods.map((m) => {
                const value = `${m.carrier_code}:${m.method_code}`;
                return (
                  <div key={value} className="checkout__method">
                    <p className="checkout__choice">
                      <input
                        type="radio"
                        id={`ship-${value}`}
                        name="shipping"
                        value={value}
                        defaultChecked={value === shipping}
                      />
                      <label htmlFor={`ship-${value}`}>
                        {m.method_title}{" "}
                        <span>{m.price_incl_tax === 0 ? t("Free") : formatPrice(m.price_incl_tax)}</span>
                      </label>
                    </p>
                    {/* Shown by CSS only while its method is chosen (checkout.css), with or without JavaScript. */}
                    {value === "postnl:pickup" && (
                      <div className="checkout__method-extra">
                        <PickupPointFields points={props.points} values={values} errors={errors} />
                      </div>
                    )}
                    {m.carrier_code === "store" && (
                      <div className="checkout__method-extra">
                        <StoreField stores={props.stores} values={values} errors={errors} />
                      </div>
                    )}
                  </div>
                );
              })}
              {errors.shipping && <p className="checkout__error">{t(errors.shipping)}</p>}
            </fieldset>
          )}
          <fieldset>
            <legend>{t("Payment method")}</legend>
            {summary.paymentMethods.map((m) => (
              <p key={m.code} className="checkout__choice">
                <input
                  type="radio"
                  id={`pay-${m.code}`}
                  name="payment"
                  value={m.code}
                  defaultChecked={m.code === payment}
                />
                <label htmlFor={`pay-${m.code}`}>{m.title}</label>
              </p>
            ))}
            {errors.payment && <p className="checkout__error">{t(errors.payment)}</p>}
            <BillingAddress
              same={live.billing.same}
              onSame={live.billing.setSame}
              values={{ ...live.billing.kept, ...values }}
              errors={errors}
              addresses={customer?.addresses ?? null}
              chosen={live.billing.chosen}
              onChoose={live.billing.choose}
            />
          </fieldset>
        </Form>
        {/* Lines, coupon and totals before the order button, also in the keyboard's order (issue 23). */}
        <CheckoutSummaryBox summary={summary} onTotalsChanged={live.refresh} busy={live.busy} />
        <div className="checkout__submit">
          <p className="checkout__pay-total">
            <span>{t("To pay")}</span> <strong>{formatPrice(summary.grandTotal)}</strong>
          </p>
          <OrderLegal />
          <button
            type="submit"
            form="checkout-form"
            name="intent"
            value="place"
            className="checkout__place"
            disabled={busy || account.creating}
            aria-busy={busy || account.creating || undefined}
          >
            {t("Order and pay")}
          </button>
        </div>
      </div>
    </main>
  );
}
