import { t } from "@etalage/core";
import type { CheckoutValues } from "./checkout-form.ts";

/** One labelled text field of the checkout form, its error said beside it and tied to it. */
export function Field(props: {
  name: string;
  label: string;
  values: CheckoutValues;
  errors: Record<string, string>;
  type?: string;
  autoComplete?: string | undefined;
  required?: boolean;
}) {
  const error = props.errors[props.name];
  const id = `checkout-${props.name}`;
  return (
    <p className="checkout__field">
      <label htmlFor={id}>{t(props.label)}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        defaultValue={props.values[props.name] ?? ""}
        required={props.required ?? false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span className="checkout__error" id={`${id}-error`}>
          {t(error)}
        </span>
      )}
    </p>
  );
}
