import { CART_MESSAGES, lineQtyProblem, MAX_LINE_QTY, parseQty, t } from "@etalage/core";
import { type KeyboardEvent, useEffect, useId, useState } from "react";

export interface QuantityStepperProps {
  value: number;
  /** Called with a valid quantity (an integer from 1 up); never with what the shopper mistyped. */
  onChange: (qty: number) => void;
  /** The product's name, for "Aantal …", "Aantal … verhogen". */
  name: string;
  disabled?: boolean;
}

/**
 * Minus, a number field and plus. Typed text counts once the shopper leaves the field or presses
 * Enter (transactional §4: text becomes an integer); anything but a whole number from 1 up puts
 * the last quantity back and says why. The steps count from what is shown, so quick presses add up
 * while the cart is still saving the previous one.
 */
export function QuantityStepper({ value, onChange, name, disabled }: QuantityStepperProps) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  // The cart settled (or another tab changed the line): show its quantity.
  useEffect(() => {
    setShown(value);
    setText(String(value));
  }, [value]);

  const commit = (qty: number) => {
    setError(null);
    setShown(qty);
    setText(String(qty));
    if (qty !== shown) onChange(qty);
  };

  const commitText = () => {
    const qty = parseQty(text);
    if (qty === shown) {
      setText(String(shown));
      setError(null);
      return;
    }
    const problem = lineQtyProblem(qty);
    if (problem || qty === null) {
      setText(String(shown));
      setError(t(problem ?? CART_MESSAGES.invalidQty));
      return;
    }
    commit(qty);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commitText();
    }
  };

  return (
    <div className="stepper">
      <div className="stepper__controls">
        <button
          type="button"
          className="stepper__button"
          aria-label={t("Decrease quantity of {name}", { name })}
          disabled={disabled || shown <= 1}
          onClick={() => commit(shown - 1)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          className="stepper__input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          aria-label={t("Quantity of {name}", { name })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onBlur={commitText}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label={t("Increase quantity of {name}", { name })}
          disabled={disabled || shown >= MAX_LINE_QTY}
          onClick={() => commit(shown + 1)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {error && (
        <p id={errorId} className="stepper__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
