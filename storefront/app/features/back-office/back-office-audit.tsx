import { t } from "@etalage/core";
import { Link } from "react-router";
import { getJson } from "./back-office-api.ts";
import { PageHeading } from "./back-office-frame.tsx";

export interface AuditPage {
  items: {
    id: number;
    at: string;
    actor: string;
    action: string;
    target: string | null;
    details: Record<string, string | number | boolean | null> | null;
    ip: string;
  }[];
  total: number;
  page: number;
  per_page: number;
}

/** `?pagina=` of the URL; the server pages, the browser only asks. */
export function loadAuditPage(url: URL): Promise<AuditPage> {
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("pagina")) || 1));
  return getJson<AuditPage>(`/audit?page=${page}`);
}

const ACTION_LABELS: Record<string, string> = {
  "staff.invited": t("Audit: invited"),
  "staff.disabled": t("Audit: disabled"),
  "staff.invitation_used": t("Audit: invitation used"),
  "staff.totp_enrolled": t("Audit: authenticator app enrolled"),
  "staff.passkey_added": t("Audit: passkey added"),
  "staff.passkey_removed": t("Audit: passkey removed"),
  "staff.login": t("Audit: signed in"),
  "staff.login_failed": t("Audit: sign-in failed"),
  "staff.logout": t("Audit: signed out"),
  "review.approved": t("Audit: review approved"),
  "review.rejected": t("Audit: review rejected"),
  "order.shipped": t("Audit: order shipped"),
  "order.cancelled": t("Audit: order cancelled"),
  "order.refund_requested": t("Audit: refund asked"),
  "order.refund_retried": t("Audit: refund asked again"),
  "order.delivered": t("Audit: order delivered"),
  "return.received": t("Audit: return received"),
  "return.refund_requested": t("Audit: return refund asked"),
  "return.rejected": t("Audit: return rejected"),
  "webhook.endpoint_added": t("Audit: webhook endpoint added"),
  "webhook.endpoint_removed": t("Audit: webhook endpoint removed"),
  "webhook.delivery_retried": t("Audit: webhook delivery sent again"),
};

const when = new Intl.DateTimeFormat("nl-NL", {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: "Europe/Amsterdam",
});

/** `/beheer/logboek` (beheerder): the audit log, newest first. */
export function AuditLogPage({ log }: { log: AuditPage }) {
  const pages = Math.max(1, Math.ceil(log.total / log.per_page));
  return (
    <section>
      <PageHeading>{t("Audit log")}</PageHeading>
      {log.items.length === 0 ? (
        <p>{t("The log is empty.")}</p>
      ) : (
        <div className="bo__table-wrap">
          <table className="bo__table">
            <caption className="bo__visually-hidden">
              {t("Page {page} of {pages}", { page: log.page, pages })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("When")}</th>
                <th scope="col">{t("Who")}</th>
                <th scope="col">{t("Action")}</th>
                <th scope="col">{t("Target")}</th>
                <th scope="col">{t("Details")}</th>
                <th scope="col">{t("IP address")}</th>
              </tr>
            </thead>
            <tbody>
              {log.items.map((row) => (
                <tr key={row.id} data-testid="audit-row">
                  <td>
                    <time dateTime={row.at}>{when.format(new Date(row.at))}</time>
                  </td>
                  <td>{row.actor}</td>
                  <td>{ACTION_LABELS[row.action] ?? row.action}</td>
                  <td>{row.target ?? ""}</td>
                  <td>
                    {row.details
                      ? Object.entries(row.details)
                          .map(([k, v]) => `${k}: ${String(v)}`)
                          .join(", ")
                      : ""}
                  </td>
                  <td>{row.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="bo__pager" aria-label={t("Page {page} of {pages}", { page: log.page, pages })}>
        {log.page > 1 ? <Link to={`?pagina=${log.page - 1}`}>{t("Previous page")}</Link> : null}
        <span>{t("Page {page} of {pages}", { page: log.page, pages })}</span>
        {log.page < pages ? <Link to={`?pagina=${log.page + 1}`}>{t("Next page")}</Link> : null}
      </nav>
    </section>
  );
}
