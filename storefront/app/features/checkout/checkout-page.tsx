import { formatPrice, t } from "@etalage/core";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { CheckoutPlace, CheckoutSummary } from "../../lib/server-context.ts";
import { useCheckoutTracking } from "../analytics/use-checkout-tracking.ts";
import { OfflineOrderPlaced, useOfflineCheckout } from "../offline/offline-checkout.tsx";
import { AddressFields } from "./address-fields.tsx";
import { BillingAddress } from "./billing-address.tsx";
import { Field } from "./checkout-field.tsx";
import type { CheckoutValues } from "./checkout-form.ts";
import { CheckoutSummaryBox } from "./checkout-summary.tsx";
import { CreateAccountField, useCreateAccount } from "./create-account.tsx";
import { SavedAddresses } from "./saved-addresses.tsx";
import { useCheckoutLive } from "./use-checkout-live.ts";
import "./checkout.css";
import { ServicePointPicker } from "../stores/service-point-picker.tsx";

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
            {live.ready && !live.token && (
              <CreateAccountField
                wanted={account.wanted}
                onWanted={account.setWanted}
                error={account.error}
              />
            )}
          </fieldset>
          <fieldset>
            <legend>{t("Shipping address")}</legend>
            {customer && (
              <SavedAddresses
                addresses={customer.addresses}
                chosen={live.chosenAddress}
                onChoose={live.chooseAddress}
              />
            )}
            <AddressFields section="shipping" values={values} errors={errors} telephone />
          </fieldset>
          {!summary.virtual && (
            <fieldset>
              <legend>{t("Shipping method")}</legend>
              {summary.shippingMethods.map((m) => {
                const value = `${m.carrier_code}:${m.method_code}`;
                return (
                  <p key={value} className="checkout__choice">
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
                );
              })}
              {errors.shipping && <p className="checkout__error">{t(errors.shipping)}</p>}
              <div className="checkout__places">
                <button type="submit" name="intent" value="points" formNoValidate>
                  {t("Find pick-up points")}
                </button>
                <ServicePointPicker />
                {props.points && props.points.length === 0 && (
                  <p role="status">{t("No service points found")}</p>
                )}
                {props.points && props.points.length > 0 && (
                  <p className="checkout__field">
                    <label htmlFor="checkout-servicePoint">{t("Pick-up point")}</label>
                    <select
                      id="checkout-servicePoint"
                      name="servicePoint"
                      defaultValue={values.servicePoint ?? ""}
                      aria-invalid={errors.servicePoint ? true : undefined}
                    >
                      <option value="">{t("Choose a pick-up point")}</option>
                      {props.points.map((p) => (
                        <option key={p.code} value={p.code}>
                          {`${p.name}, ${p.street}, ${p.city} (${((p.distance_m ?? 0) / 1000).toFixed(1).replace(".", ",")} km)`}
                        </option>
                      ))}
                    </select>
                  </p>
                )}
                {errors.servicePoint && <p className="checkout__error">{t(errors.servicePoint)}</p>}
                <p className="checkout__field">
                  <label htmlFor="checkout-store">{t("Store")}</label>
                  <select
                    id="checkout-store"
                    name="store"
                    defaultValue={values.store ?? ""}
                    aria-invalid={errors.store ? true : undefined}
                  >
                    <option value="">{t("Choose a store")}</option>
                    {props.stores.map((s) => (
                      <option key={s.code} value={s.code}>{`${s.name}, ${s.street}`}</option>
                    ))}
                  </select>
                </p>
                {errors.store && <p className="checkout__error">{t(errors.store)}</p>}
              </div>
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
          <button
            type="submit"
            name="intent"
            value="place"
            className="checkout__place"
            disabled={busy || account.creating}
            aria-busy={busy || account.creating || undefined}
          >
            {t("Place the order")}
          </button>
        </Form>
        <CheckoutSummaryBox summary={summary} onTotalsChanged={live.refresh} busy={live.busy} />
      </div>
    </main>
  );
}
