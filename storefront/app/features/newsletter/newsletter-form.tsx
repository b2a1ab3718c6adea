import {
  isValidEmail,
  NEWSLETTER_DEBOUNCE_MS,
  NEWSLETTER_FEEDBACK_MS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_RESET_MS,
  type NewsletterFormState,
  t,
} from "@etalage/core";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { notify } from "../../lib/notification-store.ts";
import { PrivacyLink } from "../../ui/privacy-link.tsx";
import { subscribe } from "./newsletter-api.ts";
import "./newsletter-form.css";

const FEEDBACK = {
  success: { type: "success", message: NEWSLETTER_MESSAGES.success },
  "already-subscribed": { type: "warning", message: NEWSLETTER_MESSAGES.alreadySubscribed },
  failed: { type: "danger", message: NEWSLETTER_MESSAGES.failed },
} as const;

/**
 * The newsletter sign-up (transactional §4–§5 "Newsletter"), in the footer and in the newsletter
 * modal: idle → subscribing → success, already-subscribed or failed. The outcome's icon shows
 * 3 s and the form is idle again 0.5 s later; subscribing has a 500 ms leading debounce, so a
 * second press right after the first sends nothing.
 */
export function NewsletterForm({
  title,
  subtitle,
  headingLevel = 2,
  onDone,
}: {
  title: string;
  subtitle: string;
  headingLevel?: 2 | 3;
  onDone?: (state: NewsletterFormState) => void;
}) {
  const id = useId();
  const [state, setState] = useState<NewsletterFormState>("idle");
  const [invalid, setInvalid] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [iconShown, setIconShown] = useState(false);
  const lastCall = useRef(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("email") as HTMLInputElement;
    const email = input.value.trim();
    if (!isValidEmail(email)) {
      setInvalid(true);
      input.focus();
      return;
    }
    setInvalid(false);
    const now = Date.now();
    if (state === "subscribing" || now - lastCall.current < NEWSLETTER_DEBOUNCE_MS) return;
    lastCall.current = now;
    setState("subscribing");
    const outcome = await subscribe(email);
    setState(outcome);
    setIconShown(true);
    setSentTo(outcome === "success" ? email : null);
    const feedback = FEEDBACK[outcome];
    notify({ type: feedback.type, message: t(feedback.message) });
    onDone?.(outcome);
    if (outcome === "success") input.value = "";
    timers.current.push(
      setTimeout(() => setIconShown(false), NEWSLETTER_FEEDBACK_MS),
      setTimeout(() => setState("idle"), NEWSLETTER_FEEDBACK_MS + NEWSLETTER_RESET_MS),
    );
  };

  const Heading = headingLevel === 2 ? "h2" : "h3";
  const busy = state === "subscribing";
  const icon =
    state === "success" ? "✓" : state === "already-subscribed" ? "!" : state === "failed" ? "×" : null;
  return (
    <section className="newsletter" aria-labelledby={`${id}-title`} data-state={state}>
      <Heading id={`${id}-title`} className="newsletter__title">
        {title}
      </Heading>
      <p className="newsletter__subtitle">{subtitle}</p>
      <form className="newsletter__form" method="post" noValidate onSubmit={onSubmit}>
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
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            onInput={() => invalid && setInvalid(false)}
          />
          {invalid && (
            <p id={`${id}-error`} className="newsletter__error" role="alert">
              {t(NEWSLETTER_MESSAGES.invalidEmail)}
            </p>
          )}
        </div>
        <button type="submit" className="button newsletter__button" aria-disabled={busy || undefined}>
          {busy ? t("Subscribing…") : t("Subscribe")}
          {icon && iconShown && (
            <span className={`newsletter__icon newsletter__icon--${state}`} aria-hidden="true">
              {icon}
            </span>
          )}
        </button>
      </form>
      <p className="newsletter__privacy">
        <PrivacyLink />
      </p>
      <p className="newsletter__status" role="status">
        {/* A sign-up says once what is left to do (the toast the short form of it), never "subscribed". */}
        {sentTo
          ? t("Almost there: confirm your subscription with the link we sent to {email}.", { email: sentTo })
          : state !== "idle" && state !== "subscribing"
            ? t(FEEDBACK[state].message)
            : ""}
      </p>
    </section>
  );
}
