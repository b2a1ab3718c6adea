import { t } from "@etalage/core";
import { useLoaderData } from "react-router";
import { AuditLogPage, loadAuditPage } from "../../features/back-office/audit-page.tsx";
import { Loading, Notice } from "../../features/back-office/frame.tsx";
import { backOfficeMeta } from "../../features/back-office/meta.ts";
import { may, requireSession } from "../../features/back-office/session-guard.ts";
import type { Route } from "./+types/beheer-logboek";

export const meta = () => backOfficeMeta(t("Audit log"));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = await requireSession();
  return may(session, "audit.read") ? { log: await loadAuditPage(new URL(request.url)) } : { log: null };
}
clientLoader.hydrate = true as const;
export const HydrateFallback = Loading;

export default function BeheerLogboek() {
  const { log } = useLoaderData<typeof clientLoader>();
  if (!log) return <Notice kind="error">{t("Your role may not do this")}</Notice>;
  return <AuditLogPage log={log} />;
}
