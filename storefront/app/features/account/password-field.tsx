import { t } from "@etalage/core";
import { useEffect, useId, useState } from "react";

type Strength = { score: number; tooWeak: boolean; warning?: string };
const LABELS = ["very weak", "weak", "fair", "strong", "very strong"] as const;

/**
 * A new-password field with zxcvbn's Dutch strength meter. The word lists (about a megabyte) load
 * only when this field is shown, never with the rest of the shop.
 */
export function NewPasswordField(props: {
  name: string;
  label: string;
  userInputs?: string[];
  autoFocus?: boolean;
}) {
  const id = useId();
  const [value, setValue] = useState("");
  const [strength, setStrength] = useState<Strength | null>(null);
  const inputs = (props.userInputs ?? []).join("|");
  useEffect(() => {
    if (!value) {
      setStrength(null);
      return;
    }
    let live = true;
    import("@etalage/core/account/password-strength").then(
      ({ passwordStrength }) => {
        if (live) setStrength(passwordStrength(value, inputs.split("|").filter(Boolean)));
      },
      // Offline (it is not precached: pwa/build-pwa.ts) the meter stays empty; the server
      // still judges the password when the form is sent.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [value, inputs]);
  return (
    <div className="account-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-describedby={`${id}-meter`}
        // biome-ignore lint/a11y/noAutofocus: the reset page has one task, this field.
        autoFocus={props.autoFocus}
      />
      <p
        id={`${id}-meter`}
        className="account-field__hint"
        aria-live="polite"
        data-score={strength?.score ?? ""}
      >
        {strength && (
          <>
            <meter min={0} max={4} low={2} high={3} optimum={4} value={strength.score} aria-hidden="true" />{" "}
            {t("Password strength: {label}", { label: t(LABELS[strength.score] ?? "weak") })}
          </>
        )}
      </p>
    </div>
  );
}
