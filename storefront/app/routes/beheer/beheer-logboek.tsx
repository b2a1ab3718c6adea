import { t } from "@etalage/core";
import { AuditLogPage, loadAuditPage } from "../../features/back-office/back-office-audit.tsx";
import { Loading, Notice } from "../../features/back-office/back-office-frame.tsx";
import { backOfficeMeta } from "../../features/back-office/back-office-meta.ts";
import { may, requireSession } from "../../features/back-office/back-office-session.ts";
import type { Route } from "./+types/beheer-logboek";

export const meta = () => backOfficeMeta(t("Audit log"));

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = await requireSession();
  return may(session, "audit.read") ? { log: await loadAuditPage(new URL(request.url)) } : { log: null };
}
clientLoader.hydrate = true as const;
export const HydrateFallback = Loading;

export default function BeheerLogboek({ loaderData }: Route.ComponentProps) {
  const { log } = loaderData;
  if (!log) return <Notice kind="error">{t("Back office: your role may not do this")}</Notice>;
  return <AuditLogPage log={log} />;
}
