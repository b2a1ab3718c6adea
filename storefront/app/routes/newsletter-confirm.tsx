import { t } from "@etalage/core";
import { useActionData } from "react-router";
import {
  postedToken,
  TokenPage,
  tokenFromLink,
  tokenPageHeaders,
  tokenPageMeta,
} from "../features/newsletter/token-page.tsx";
import { servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/newsletter-confirm";

/** The confirmation link of the newsletter mail (double opt-in). */

export const meta = () => tokenPageMeta(t("Confirm your subscription"));
export const headers = tokenPageHeaders;
export const loader = ({ request }: Route.LoaderArgs) => tokenFromLink(request);

export async function action({ request, context }: Route.ActionArgs) {
  const token = await postedToken(request);
  const confirmed = token ? await context.get(servicesContext).newsletter.confirm(token) : null;
  return confirmed ? { ok: true as const, code: confirmed.code } : { ok: false as const };
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const done = result?.ok ? (
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
  ) : null;
  return (
    <TokenPage
      id="newsletter-confirm-title"
      title={t("Confirm your subscription")}
      token={loaderData.token}
      button={t("Confirm subscription")}
      done={done}
      failed={result && !result.ok ? t("This confirmation link is not valid (any more).") : null}
    />
  );
}
