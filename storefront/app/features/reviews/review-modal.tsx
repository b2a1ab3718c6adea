import { REVIEW_LIMITS, starsText, t } from "@etalage/core";
import { type FormEvent, useRef, useState } from "react";
import type { ModalProps } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { sendReview } from "./review-api.ts";
import "./reviews.css";

type Field = "rating" | "title" | "detail" | "nickname" | "email";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The review modal (browsing §2): stars, a summary, the text, a name and a guest's email. */
export default function ReviewModal({ payload, close }: ModalProps<"review">) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<"idle" | "sending" | "sent">("idle");
  const [message, setMessage] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: Field) => String(data.get(name) ?? "").trim();
    const found: Partial<Record<Field, string>> = {};
    if (!value("rating")) found.rating = t("Please choose a rating");
    for (const name of ["title", "detail", "nickname"] as const)
      if (!value(name)) found[name] = t("Please fill in this field");
    if (!EMAIL.test(value("email"))) found.email = t("Please enter a valid email address");
    setErrors(found);
    setMessage(null);
    const first = Object.keys(found)[0];
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setStatus("sending");
    const outcome = await sendReview({
      product_id: payload.productId,
      rating: Number(value("rating")),
      title: value("title"),
      detail: value("detail"),
      nickname: value("nickname"),
      email: value("email"),
    });
    if (outcome === "sent") return setStatus("sent");
    setStatus("idle");
    if (typeof outcome === "object") {
      const field = (["rating", "title", "detail", "nickname", "email"] as const).find((f) =>
        outcome.field.startsWith(f === "rating" ? "ratings" : f),
      );
      if (field) return setErrors({ [field]: t("Please fill in this field") });
    }
    setMessage(
      outcome === "duplicate"
        ? t("You already reviewed this product")
        : outcome === "too-many"
          ? t("Too many reviews from this address. Please try again later.")
          : t("The review could not be sent. Please try again."),
    );
  };

  const describedBy = (name: Field) => (errors[name] ? `review-${name}-error` : undefined);
  const error = (name: Field) =>
    errors[name] && (
      <p id={`review-${name}-error`} className="review-form__error">
        {errors[name]}
      </p>
    );

  return (
    <Dialog title={t("Write a review of {name}", { name: payload.name })} onClose={close}>
      {status === "sent" ? (
        <div className="dialog__message">
          <p role="status">{t("Thank you for your review! It will show once we have checked it.")}</p>
          <button type="button" className="button" onClick={close}>
            {t("OK")}
          </button>
        </div>
      ) : (
        <form ref={form} className="review-form" noValidate onSubmit={onSubmit}>
          <fieldset className="review-form__stars" aria-describedby={describedBy("rating")}>
            <legend>{t("Your rating")}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="review-form__star">
                <input type="radio" name="rating" value={n} aria-invalid={errors.rating ? true : undefined} />
                <span>{starsText(n, t)}</span>
              </label>
            ))}
            {error("rating")}
          </fieldset>
          <div className="review-form__field">
            <label htmlFor="review-title">{t("Summary of your review")}</label>
            <input
              id="review-title"
              name="title"
              maxLength={REVIEW_LIMITS.title}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={describedBy("title")}
            />
            {error("title")}
          </div>
          <div className="review-form__field">
            <label htmlFor="review-detail">{t("Review")}</label>
            <textarea
              id="review-detail"
              name="detail"
              rows={5}
              maxLength={REVIEW_LIMITS.detail}
              aria-invalid={errors.detail ? true : undefined}
              aria-describedby={describedBy("detail")}
            />
            {error("detail")}
          </div>
          <div className="review-form__field">
            <label htmlFor="review-nickname">{t("Nickname")}</label>
            <input
              id="review-nickname"
              name="nickname"
              autoComplete="nickname"
              maxLength={REVIEW_LIMITS.nickname}
              aria-invalid={errors.nickname ? true : undefined}
              aria-describedby={describedBy("nickname")}
            />
            {error("nickname")}
          </div>
          <div className="review-form__field">
            <label htmlFor="review-email">{t("Email address")}</label>
            <input
              id="review-email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={REVIEW_LIMITS.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={`review-email-hint${errors.email ? " review-email-error" : ""}`}
            />
            <small id="review-email-hint">{t("We only use it to check that you wrote one review.")}</small>
            {error("email")}
          </div>
          {message && (
            <p className="review-form__error" role="alert">
              {message}
            </p>
          )}
          <button type="submit" className="button" disabled={status === "sending"}>
            {status === "sending" ? t("Sending…") : t("Send review")}
          </button>
        </form>
      )}
    </Dialog>
  );
}
