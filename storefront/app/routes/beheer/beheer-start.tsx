import { t } from "@etalage/core";
import { Loading } from "../../features/back-office/back-office-frame.tsx";
import { backOfficeMeta } from "../../features/back-office/back-office-meta.ts";
import { requireSession } from "../../features/back-office/back-office-session.ts";
import { StartPage } from "../../features/back-office/back-office-start.tsx";
import type { Route } from "./+types/beheer-start";

export const meta = () => backOfficeMeta(t("Back office"));
export const clientLoader = () => requireSession();
clientLoader.hydrate = true as const;
export const HydrateFallback = Loading;

export default function BeheerStart({ loaderData }: Route.ComponentProps) {
  return <StartPage session={loaderData} />;
}
