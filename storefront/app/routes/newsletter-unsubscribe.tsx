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
import type { Route } from "./+types/newsletter-unsubscribe";

/** Every newsletter mail's unsubscribe link. */

export const meta = () => tokenPageMeta(t("Unsubscribe from the newsletter"));
export const headers = tokenPageHeaders;
export const loader = ({ request }: Route.LoaderArgs) => tokenFromLink(request);

export async function action({ request, context }: Route.ActionArgs) {
  const token = await postedToken(request);
  return { ok: token !== null && (await context.get(servicesContext).newsletter.unsubscribe(token)) };
}

export default function NewsletterUnsubscribe({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <TokenPage
      id="newsletter-unsubscribe-title"
      title={t("Unsubscribe from the newsletter")}
      token={loaderData.token}
      button={t("Unsubscribe")}
      done={
        result?.ok ? (
          <p role="status">
            {t("You have been unsubscribed. You will not receive our newsletter any more.")}
          </p>
        ) : null
      }
      failed={result && !result.ok ? t("This unsubscribe link is not valid.") : null}
    />
  );
}
