import { t } from "@etalage/core";
import { Form, useActionData, useNavigation } from "react-router";
import { servicesContext } from "../lib/server-context.ts";
import "../features/newsletter/newsletter-pages.css";
import type { Route } from "./+types/newsletter-confirm";

/*
 * The confirmation link of the newsletter mail (double opt-in). Opening the link changes
 * nothing: mail scanners follow links; the shopper's press of the button confirms.
 */

export function meta() {
  return [{ title: `${t("Confirm your subscription")} – Etalage` }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "").slice(0, 64);
  const confirmed = token.length >= 16 ? await context.get(servicesContext).newsletter.confirm(token) : null;
  return confirmed ? { ok: true as const, code: confirmed.code } : { ok: false as const };
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container newsletter-page" aria-labelledby="newsletter-confirm-title">
      <h1 id="newsletter-confirm-title">{t("Confirm your subscription")}</h1>
      {result?.ok ? (
        <div role="status">
          {result.code ? (
            <>
              <p>{t("Your subscription is confirmed. Your 10% discount code:")}</p>
              <p className="newsletter-page__code" data-testid="newsletter-code">
                {result.code}
              </p>
              <p>{t("We have also sent the code to your e-mail address. It works once, in the cart.")}</p>
            </>
          ) : (
            <p>{t("Your subscription is confirmed.")}</p>
          )}
        </div>
      ) : (
        <>
          {result && !result.ok && (
            <p className="newsletter-page__error" role="alert">
              {t("This confirmation link is not valid (any more).")}
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="button" disabled={busy || !loaderData.token}>
              {t("Confirm subscription")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
