import { t } from "@etalage/core";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { register } from "../../features/account/account-actions.ts";
import { customerToken, startAccount, useAccount } from "../../session/account-store.ts";

const PASSWORD_ID = "thanks-password";

/**
 * The thank-you page's offer to a guest (issue 13): one password field makes the account with the
 * order's own name and e-mail address, logs the shopper in and moves this order into it (the
 * order's token proves it is theirs; the server only joins an order to the account of its e-mail).
 */
export function GuestAccountOffer(props: {
  orderNumber: string;
  orderToken: string;
  guest: { email: string; firstname: string; lastname: string };
}) {
  const account = useAccount();
  useEffect(() => startAccount(), []);
  const claim = useFetcher<{ claimed: boolean }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (claim.data?.claimed)
    return (
      <section className="checkout__offer" aria-labelledby="offer-title">
        <h2 id="offer-title">{t("Create an account")}</h2>
        <p role="status">{t("Your account has been created and this order is in it.")}</p>
        <Link to="/my-account/orders">{t("My orders")}</Link>
      </section>
    );
  // Only for a shopper not logged in (the server renders the offer; the session is the browser's).
  if (!account.ready || account.token) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const password = new FormData(event.currentTarget).get("password");
    if (typeof password !== "string" || !password) {
      setError(t("Field is required"));
      document.getElementById(PASSWORD_ID)?.focus();
      return;
    }
    setBusy(true);
    const refused = await register({ ...props.guest, password });
    setBusy(false);
    if (refused) {
      setError(refused);
      document.getElementById(PASSWORD_ID)?.focus();
      return;
    }
    void claim.submit(
      {
        intent: "claim",
        orderId: props.orderNumber,
        token: props.orderToken,
        customerToken: customerToken() ?? "",
      },
      { method: "post" },
    );
  };

  return (
    <section className="checkout__offer" aria-labelledby="offer-title">
      <h2 id="offer-title">{t("Create an account")}</h2>
      <p>{t("Save your details for next time: create an account with one password.")}</p>
      <form method="post" onSubmit={(event) => void submit(event)} noValidate>
        <p className="checkout__field">
          <label htmlFor={PASSWORD_ID}>{t("Password")}</label>
          <input
            id={PASSWORD_ID}
            name="password"
            type="password"
            autoComplete="new-password"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${PASSWORD_ID}-error` : undefined}
          />
          {error && (
            <span className="checkout__error" id={`${PASSWORD_ID}-error`} role="alert">
              {error}
            </span>
          )}
        </p>
        <button type="submit" className="checkout__place" aria-busy={busy || undefined}>
          {t("Create an account")}
        </button>
      </form>
      {claim.data && !claim.data.claimed && (
        <p className="checkout__error" role="alert">
          {t("We could not add the order to your account")}
        </p>
      )}
    </section>
  );
}
