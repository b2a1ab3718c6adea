import { type NewsletterFormState, subscribeOutcome } from "@etalage/core";

export const NEWSLETTER_BASE = "/api/ext/voyado-engage-newsletter";

/** Transactional §3 "Local storage": the newsletter e-mail, and the contact id the answer gave. */
const EMAIL_KEY = "etalage-newsletter-email";

/**
 * The footer form's call (transactional §7): POST with the e-mail in the query and `{ email,
 * token }` in the body. A network failure is a failed subscription, never an exception.
 */
export async function subscribe(
  email: string,
): Promise<Exclude<NewsletterFormState, "idle" | "subscribing">> {
  try {
    const response = await fetch(`${NEWSLETTER_BASE}/subscribe?email=${encodeURIComponent(email)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    const body: unknown = await response.json().catch(() => null);
    const outcome = subscribeOutcome(response.status, body);
    if (outcome !== "failed") {
      try {
        localStorage.setItem(EMAIL_KEY, email.trim());
      } catch {
        // Remembering the address is a convenience only.
      }
    }
    return outcome;
  } catch {
    return "failed";
  }
}
