import { t } from "@etalage/core";
import { useLoaderData } from "react-router";
import { Loading } from "../../features/back-office/frame.tsx";
import { backOfficeMeta } from "../../features/back-office/meta.ts";
import { requireSession } from "../../features/back-office/session-guard.ts";
import { StartPage } from "../../features/back-office/start-page.tsx";

export const meta = () => backOfficeMeta(t("Back office"));
export const clientLoader = () => requireSession();
clientLoader.hydrate = true as const;
export const HydrateFallback = Loading;

export default function BeheerStart() {
  return <StartPage session={useLoaderData<typeof clientLoader>()} />;
}
