import { t } from "@etalage/core";
import { data, type ShouldRevalidateFunctionArgs, useActionData, useNavigate } from "react-router";
import { currentSession, postJson } from "../features/back-office/back-office-api.ts";
import { BackOfficeFrame, Loading } from "../features/back-office/back-office-frame.tsx";
import { backOfficeMeta } from "../features/back-office/back-office-meta.ts";
import { type BackOfficePage, matchPage, type PageParams } from "../features/back-office/back-office-page.ts";
import { LOGIN_PATH } from "../features/back-office/back-office-session.ts";
import "../features/back-office/back-office.css";
import type { Route } from "./+types/beheer";

/**
 * The back office (issue 25) as one route of the shop: `/beheer/*`. Its pages are modules of their
 * own, picked here by path, so the shop's route manifest, which every shop page loads, holds one
 * entry for it however many pages it gets. Its own frame, CSS and scripts; data comes from
 * /api/beheer in the browser with the staff cookie, and the server renders the frame alone. A
 * page may take part of the path (`:nummer`) as a parameter of its own.
 */
const PAGES: Record<string, () => Promise<{ page: BackOfficePage }>> = {
  "": () => import("../features/back-office/pages/beheer-start.tsx"),
  inloggen: () => import("../features/back-office/pages/beheer-inloggen.tsx"),
  uitnodiging: () => import("../features/back-office/pages/beheer-uitnodiging.tsx"),
  reviews: () => import("../features/back-office/pages/beheer-reviews.tsx"),
  logboek: () => import("../features/back-office/pages/beheer-logboek.tsx"),
  bestellingen: () => import("../features/back-office/pages/beheer-bestellingen.tsx"),
  "bestellingen/:nummer": () => import("../features/back-office/pages/beheer-bestelling.tsx"),
  retouren: () => import("../features/back-office/pages/beheer-retouren.tsx"),
  "retouren/:nummer": () => import("../features/back-office/pages/beheer-retour.tsx"),
  beveiliging: () => import("../features/back-office/pages/beheer-beveiliging.tsx"),
  webhooks: () => import("../features/back-office/pages/beheer-webhooks.tsx"),
};

async function pageAt(params: Route.ClientLoaderArgs["params"]): Promise<[BackOfficePage, PageParams]> {
  const found = matchPage(PAGES, (params["*"] ?? "").replace(/\/$/, ""));
  if (!found) throw data(null, { status: 404 });
  return [(await found.page()).page, found.params];
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  // Who is signed in is asked on every navigation: a session may have ended meanwhile.
  const [[page, pageParams], session] = await Promise.all([pageAt(params), currentSession()]);
  return { page, session, data: page.load ? await page.load(request, pageParams) : null };
}
clientLoader.hydrate = true as const;

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const [page, pageParams] = await pageAt(params);
  if (!page.act) throw data(null, { status: 405 });
  return page.act(await request.formData(), pageParams);
}

export function shouldRevalidate({ formMethod, nextUrl }: ShouldRevalidateFunctionArgs) {
  return !(formMethod && nextUrl.pathname.startsWith("/beheer/uitnodiging"));
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  backOfficeMeta(loaderData?.page.title ?? t("Back office"));

export function HydrateFallback() {
  return (
    <BackOfficeFrame session={null}>
      <Loading />
    </BackOfficeFrame>
  );
}

export default function BackOffice({ loaderData }: Route.ComponentProps) {
  const { page, session } = loaderData;
  const result = useActionData<typeof clientAction>();
  const navigate = useNavigate();
  const logout = async () => {
    await postJson("/logout", {}, session?.csrf_token).catch(() => undefined);
    await navigate(LOGIN_PATH);
  };
  const View = page.View;
  return (
    <BackOfficeFrame session={session} onLogout={logout}>
      <View data={loaderData.data} result={result instanceof Response ? undefined : result} />
    </BackOfficeFrame>
  );
}
