import { isValidEmail } from "../account/email.ts";

/** The one e-mail shape rule (accounts, issue 12); the newsletter's form and API use it too. */
export { isValidEmail };

/*
 * Newsletter rules (transactional §3–§5, §8–§9; contract "Newsletter and customer data").
 */

export const NEWSLETTER_DISCOUNT_PERCENT = 10;
/** The form's feedback icon shows this long… */
export const NEWSLETTER_FEEDBACK_MS = 3000;
/** …then the success flag resets this much later. */
export const NEWSLETTER_RESET_MS = 500;
/** Subscribing is debounced this long, with a leading call: a double click sends one request. */
export const NEWSLETTER_DEBOUNCE_MS = 500;

export const NEWSLETTER_MESSAGES = {
  invalidEmail: "Please provide an valid e-mail address",
  /**
   * Double opt-in (issue 23, item 16): a sign-up is not a subscription until the mailed link is
   * followed, so the answer asks for that instead of the spec's "successfully subscribed".
   */
  success: "Confirm your subscription via the mail",
  alreadySubscribed: "You are already subscribed to our newsletter!",
  failed: "An error occurred while subscribing you to our newsletter, please try again!",
} as const;

export type NewsletterFormState = "idle" | "subscribing" | "success" | "already-subscribed" | "failed";

/**
 * One address in any spelling: case, surrounding spaces, sub-addressing (`name+tag@`), and
 * Gmail's ignored dots and googlemail.com alias all reach the same mailbox, so they share one key
 * and one welcome coupon.
 */
export function emailKey(value: string): string {
  const email = value.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at < 1) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/** What a subscribe answer means for the form (transactional §3 "Newsletter"). */
export function subscribeOutcome(
  status: number,
  body: unknown,
): Exclude<NewsletterFormState, "idle" | "subscribing"> {
  if (status !== 200 || !body || typeof body !== "object") return "failed";
  const result = (body as { code?: unknown; result?: unknown }).result;
  if (!result || typeof result !== "object") return "failed";
  if ((result as { email_exists?: unknown }).email_exists === true) return "already-subscribed";
  return typeof (result as { contact_id?: unknown }).contact_id === "string" ? "success" : "failed";
}
