import { t } from "@etalage/core";
import { useEffect, useId, useState } from "react";
import { fetchAsCustomer } from "../../session/customer-fetch.ts";
import { NEWSLETTER_BASE, subscribe } from "./newsletter-api.ts";

type Status = "loading" | "subscribed" | "not-subscribed" | "pending" | "failed";

/**
 * The newsletter toggle in /my-account (issue 15): on mails the confirmation link (double opt-in,
 * so it reads "pending" until the customer confirms), off unsubscribes at once.
 */
export function AccountNewsletter({ email }: { email: string }) {
  const id = useId();
  const [status, setStatus] = useState<Status>("loading");

  useEffect(() => {
    let live = true;
    // The status answers only to the customer whose address it is: with their token.
    fetchAsCustomer(`${NEWSLETTER_BASE}/subscribe?email=${encodeURIComponent(email)}`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((body: { result: "subscribed" | "not-subscribed" }) => live && setStatus(body.result))
      .catch(() => live && setStatus("failed"));
    return () => {
      live = false;
    };
  }, [email]);

  async function toggle(on: boolean) {
    setStatus("loading");
    if (on) {
      const outcome = await subscribe(email);
      setStatus(
        outcome === "success" ? "pending" : outcome === "already-subscribed" ? "subscribed" : "failed",
      );
      return;
    }
    const response = await fetchAsCustomer(`${NEWSLETTER_BASE}/subscribe`, {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    }).catch(() => null);
    setStatus(response?.ok ? "not-subscribed" : "failed");
  }

  return (
    <section className="account-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("Newsletter")}</h2>
      <label>
        <input
          type="checkbox"
          checked={status === "subscribed" || status === "pending"}
          disabled={status === "loading"}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />{" "}
        {t("Sign up for our newsletter and receive 10% discount on your next order")}
      </label>
      <p role="status">
        {status === "pending"
          ? t("Almost there: confirm your subscription with the link we sent to {email}.", { email })
          : status === "failed"
            ? t("An error occurred while subscribing you to our newsletter, please try again!")
            : ""}
      </p>
    </section>
  );
}
