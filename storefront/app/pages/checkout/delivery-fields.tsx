import { t } from "@etalage/core";
import { ServicePointPicker } from "../../features/stores/service-point-picker.tsx";
import type { CheckoutPlace } from "../../lib/server-context.ts";
import type { CheckoutValues } from "./checkout-form.ts";

interface FieldProps {
  values: CheckoutValues;
  errors: Record<string, string>;
}

/**
 * A PostNL pick-up point: the points near the postcode, chosen in the modal (with JavaScript) or
 * listed by the form's own search post (without); shown only while the method is chosen.
 */
export function PickupPointFields({
  points,
  values,
  errors,
}: FieldProps & { points: CheckoutPlace[] | null }) {
  return (
    <>
      <button type="submit" name="intent" value="points" formNoValidate className="button button--outline">
        {t("Find pick-up points")}
      </button>
      <ServicePointPicker />
      {points && points.length === 0 && <p role="status">{t("No service points found")}</p>}
      {points && points.length > 0 && (
        <p className="checkout__field">
          <label htmlFor="checkout-servicePoint">{t("Pick-up point")}</label>
          <select
            id="checkout-servicePoint"
            name="servicePoint"
            defaultValue={values.servicePoint ?? ""}
            aria-invalid={errors.servicePoint ? true : undefined}
          >
            <option value="">{t("Choose a pick-up point")}</option>
            {points.map((p) => (
              <option key={p.code} value={p.code}>
                {`${p.name}, ${p.street}, ${p.city} (${((p.distance_m ?? 0) / 1000).toFixed(1).replace(".", ",")} km)`}
              </option>
            ))}
          </select>
        </p>
      )}
      {errors.servicePoint && <p className="checkout__error">{t(errors.servicePoint)}</p>}
    </>
  );
}

/** The store to pick the order up in; shown only while store pick-up is chosen. */
export function StoreField({ stores, values, errors }: FieldProps & { stores: CheckoutPlace[] }) {
  return (
    <>
      <p className="checkout__field">
        <label htmlFor="checkout-store">{t("Store")}</label>
        <select
          id="checkout-store"
          name="store"
          defaultValue={values.store ?? ""}
          aria-invalid={errors.store ? true : undefined}
        >
          <option value="">{t("Choose a store")}</option>
          {stores.map((s) => (
            <option key={s.code} value={s.code}>{`${s.name}, ${s.street}, ${s.city}`}</option>
          ))}
        </select>
      </p>
      {errors.store && <p className="checkout__error">{t(errors.store)}</p>}
    </>
  );
}
