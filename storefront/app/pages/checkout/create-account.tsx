import { t } from "@etalage/core";
import { type FormEvent, type RefObject, useRef, useState } from "react";
import { register } from "../../features/account/account-actions.ts";
import { customerToken } from "../../session/account-store.ts";

const PASSWORD_ID = "checkout-password";

/**
 * "Create an account" while checking out (transactional §2): with the box ticked the order is
 * placed only after the account was made and the shopper logged in, so it joins the account.
 * The password field has no name: it is sent to the customer API alone, never with the order
 * form, and it is never kept in this browser.
 */
export function useCreateAccount(form: RefObject<HTMLFormElement | null>) {
  const [wanted, setWanted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const created = useRef(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const node = form.current;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!node || !wanted || created.current || submitter?.value === "points") return;
    event.preventDefault();
    if (creating) return;
    const password = (document.getElementById(PASSWORD_ID) as HTMLInputElement | null)?.value ?? "";
    const data = new FormData(node);
    const text = (name: string) => String(data.get(name) ?? "");
    if (!password) {
      setError(t("Field is required"));
      document.getElementById(PASSWORD_ID)?.focus();
      return;
    }
    setError(null);
    setCreating(true);
    void register(
      { email: text("email"), firstname: text("firstname"), lastname: text("lastname"), password },
      { attachCart: false },
    ).then((refused) => {
      if (refused) {
        setCreating(false);
        setError(refused);
        document.getElementById(PASSWORD_ID)?.focus();
        return;
      }
      created.current = true;
      setError(null);
      const token = node.elements.namedItem("customerToken");
      if (token instanceof HTMLInputElement) token.value = customerToken() ?? "";
      // No submitter: the place button is disabled meanwhile; the action places by default.
      node.requestSubmit();
    });
  };

  return { wanted, setWanted, error, creating, onSubmit };
}

export function CreateAccountField({
  wanted,
  onWanted,
  error,
}: {
  wanted: boolean;
  onWanted: (wanted: boolean) => void;
  error: string | null;
}) {
  return (
    <div className="checkout__create-account">
      <p className="checkout__choice">
        <input
          type="checkbox"
          id="checkout-createAccount"
          checked={wanted}
          onChange={(event) => onWanted(event.target.checked)}
        />
        <label htmlFor="checkout-createAccount">{t("Create an account")}</label>
      </p>
      {wanted && (
        <p className="checkout__field">
          <label htmlFor={PASSWORD_ID}>{t("Password")}</label>
          <input
            id={PASSWORD_ID}
            type="password"
            autoComplete="new-password"
            minLength={8}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${PASSWORD_ID}-error` : undefined}
          />
          {error && (
            <span className="checkout__error" id={`${PASSWORD_ID}-error`} role="alert">
              {error}
            </span>
          )}
        </p>
      )}
    </div>
  );
}
