import { t } from "@etalage/core";
import { type FormEvent, useId } from "react";
import { notify } from "../notifications/notification-store.ts";
import "./newsletter-form.css";

/**
 * The footer sign-up (browsing §2 "Menus and footer"). Subscribing arrives with the newsletter
 * issue; until then the form validates the address and says the feature is not there yet.
 */
export function NewsletterForm({ title, subtitle }: { title: string; subtitle: string }) {
  const id = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    notify({ type: "info", message: t("Feature not implemented") });
  };

  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="newsletter__title">
        {title}
      </h2>
      <p className="newsletter__subtitle">{subtitle}</p>
      <form className="newsletter__form" method="post" onSubmit={onSubmit}>
        <div className="field newsletter__field">
          <label htmlFor={`${id}-email`} className="field__label">
            {t("E-mail address")}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            placeholder={t("name@example.com")}
            className="field__input"
          />
        </div>
        <button type="submit" className="button newsletter__button">
          {t("Subscribe")}
        </button>
      </form>
    </section>
  );
}
