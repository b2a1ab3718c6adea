import { t } from "@etalage/core";
import { Form, useActionData, useNavigation } from "react-router";
import { servicesContext } from "../lib/server-context.ts";
import "../features/newsletter/newsletter-pages.css";
import type { Route } from "./+types/newsletter-unsubscribe";

/** Every newsletter mail's unsubscribe link; the button unsubscribes (a link alone changes nothing). */

export function meta() {
  return [
    { title: `${t("Unsubscribe from the newsletter")} – Etalage` },
    { name: "robots", content: "noindex" },
  ];
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
  const done = token.length >= 16 && (await context.get(servicesContext).newsletter.unsubscribe(token));
  return { ok: done };
}

export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="container newsletter-page" aria-labelledby="newsletter-unsubscribe-title">
      <h1 id="newsletter-unsubscribe-title">{t("Unsubscribe from the newsletter")}</h1>
      {result?.ok ? (
        <p role="status">{t("You have been unsubscribed. You will not receive our newsletter any more.")}</p>
      ) : (
        <>
          {result && (
            <p className="newsletter-page__error" role="alert">
              {t("This unsubscribe link is not valid.")}
            </p>
          )}
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="button" disabled={busy || !loaderData.token}>
              {t("Unsubscribe")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
