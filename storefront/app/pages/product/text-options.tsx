import { type CustomOption, t, textOptionMax } from "@etalage/core";
import { useId } from "react";

export interface TextOptionsProps {
  legend: string;
  options: CustomOption[];
  values: Record<string, string>;
  /** Dutch messages by option id, shown once the shopper tried to add. */
  errors: Record<string, string>;
  onChange: (optionId: string, value: string) => void;
}

/** The form field name of a typed option: the no-JavaScript post reads it (cart-form.ts). */
const textOptionField = (option: CustomOption) => `options[${option.option_id}]`;

/**
 * Typed product options, such as a gift card's recipient (issue 14): a line of text, an e-mail
 * address or a longer message with the characters left beside it. `required` and `maxLength`
 * hold without JavaScript too; with it the page checks with core's rule and says what is wrong
 * per field (the form then takes no native validation: product-page.tsx).
 */
export function TextOptions({ legend, options, values, errors, onChange }: TextOptionsProps) {
  const id = useId();
  if (options.length === 0) return null;
  return (
    <fieldset className="text-options">
      <legend className="options__label">{legend}</legend>
      {options.map((option) => {
        const key = String(option.option_id);
        const field = `${id}-${key}`;
        const error = errors[key];
        const max = textOptionMax(option);
        const value = values[key] ?? "";
        const left = max - [...value].length;
        const describedBy = [error ? `${field}-error` : "", option.type === "area" ? `${field}-count` : ""]
          .filter(Boolean)
          .join(" ");
        const common = {
          id: field,
          name: textOptionField(option),
          value,
          required: option.is_require || undefined,
          maxLength: max,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy || undefined,
          onChange: (event: { target: { value: string } }) => onChange(key, event.target.value),
        };
        return (
          <div key={key} className={`field text-option${error ? " text-option--error" : ""}`}>
            <label htmlFor={field} className="field__label">
              {option.title}
              {!option.is_require && <span className="text-option__optional"> ({t("optional")})</span>}
            </label>
            {option.type === "area" ? (
              <textarea {...common} rows={3} className="field__input text-option__area" />
            ) : (
              <input
                {...common}
                type={option.format === "email" ? "email" : "text"}
                autoComplete="off"
                inputMode={option.format === "email" ? "email" : undefined}
                className="field__input"
              />
            )}
            {option.type === "area" && (
              <p id={`${field}-count`} className="text-option__count">
                {t("{n} characters left", { n: Math.max(0, left) })}
              </p>
            )}
            {error && (
              <p id={`${field}-error`} className="text-option__error">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
