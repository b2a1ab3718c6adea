import { couponRefusal, t } from "@etalage/core";
import { type FormEvent, useCallback, useId, useRef, useState } from "react";
import { cart } from "../cart-api.ts";
import "./coupon-form.css";

type FocusTarget = "remove" | "input";

/**
 * The coupon field (transactional §4 "Coupons"): apply a code, or remove the one applied. A code
 * the server refuses reads why ('Not a valid coupon code', or expired, already used) under the field, and only there (the engine
 * shows nothing of its own). Focus follows the control that replaces the one just used, so a
 * keyboard user is never dropped on the page.
 */
export function CouponForm({
  couponCode,
  onChange,
}: {
  couponCode: string | null;
  /** Called after a code was applied or removed (the checkout then asks for its totals again). */
  onChange?: () => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const removeButton = useRef<HTMLButtonElement | null>(null);
  // The control to focus once it is on the page. The totals may carry the new coupon before or
  // after the call returns, so the control may already be there (focus now) or mount later (its
  // ref focuses it as it arrives).
  const pendingFocus = useRef<FocusTarget | null>(null);

  const focusWhenThere = (target: FocusTarget) => {
    const node = target === "remove" ? removeButton.current : input.current;
    if (node) {
      pendingFocus.current = null;
      node.focus();
    } else pendingFocus.current = target;
  };
  // Stable ref callbacks (React calls a new one on every render); refs are stable, so no deps.
  const inputRef = useCallback((node: HTMLInputElement | null) => {
    input.current = node;
    if (node && pendingFocus.current === "input") {
      pendingFocus.current = null;
      node.focus();
    }
  }, []);
  const removeRef = useCallback((node: HTMLButtonElement | null) => {
    removeButton.current = node;
    if (node && pendingFocus.current === "remove") {
      pendingFocus.current = null;
      node.focus();
    }
  }, []);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t("Field is required"));
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const outcome = await cart.applyCoupon(trimmed);
      if (outcome === "applied") {
        setError(null);
        setCode("");
        onChange?.();
        focusWhenThere("remove");
      } else {
        setError(
          outcome === "offline"
            ? t("You are offline. Some features might not be available.")
            : t(couponRefusal(outcome)),
        );
        input.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await cart.removeCoupon();
      onChange?.();
      focusWhenThere("input");
    } finally {
      setBusy(false);
    }
  };

  if (couponCode) {
    return (
      <div className="coupon coupon--applied">
        <p className="coupon__applied">
          {t("Discount code")} <strong className="coupon__code">{couponCode}</strong>
        </p>
        <button
          ref={removeRef}
          type="button"
          className="coupon__remove"
          aria-label={t("Remove discount code {code}", { code: couponCode })}
          onClick={() => {
            if (!busy) void remove();
          }}
        >
          {t("Remove")}
        </button>
      </div>
    );
  }

  return (
    <form className="coupon" onSubmit={(event) => void apply(event)} noValidate>
      <label htmlFor={inputId} className="coupon__label">
        {t("Discount code")}
      </label>
      <div className="coupon__row">
        <input
          ref={inputRef}
          id={inputId}
          className="field__input coupon__input"
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            if (error) setError(null);
          }}
        />
        <button type="submit" className="button button--outline coupon__apply" aria-busy={busy || undefined}>
          {t("Apply")}
        </button>
      </div>
      {error && (
        <p id={errorId} className="coupon__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
