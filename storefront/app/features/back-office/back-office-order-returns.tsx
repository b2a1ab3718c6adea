import { t } from "@etalage/core";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { StaffSessionView } from "./back-office-api.ts";
import { failureOf, getJson } from "./back-office-api.ts";
import { Notice } from "./back-office-frame.tsx";
import type { OrderDetail } from "./back-office-order-data.ts";
import { Section, Table, Time } from "./back-office-order-history.tsx";
import type { ReturnListPage } from "./back-office-returns.tsx";
import { may } from "./back-office-session.ts";

/**
 * "Retouren" on the order page (issue 25 item 3): the order's returns with their state, each a
 * link to its own page where staff receive, refund or reject it. Asked when the page shows, for
 * staff who may handle returns.
 */
export function OrderReturns({ order, session }: { order: OrderDetail; session: StaffSessionView }) {
  const allowed = may(session, "returns.manage");
  const [answer, setAnswer] = useState<{ list?: ReturnListPage; error?: string }>({});
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    getJson<ReturnListPage>(`/returns?order=${encodeURIComponent(order.increment_id)}&pageSize=100`).then(
      (list) => live && setAnswer({ list }),
      (error: unknown) => live && setAnswer({ error: failureOf(error).error }),
    );
    return () => {
      live = false;
    };
  }, [allowed, order.increment_id]);
  if (!allowed) return null;
  const items = answer.list?.items;
  return (
    <Section id="bo-returns" title={t("Returns")}>
      {answer.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {!items ? null : items.length === 0 ? (
        <p>{t("No returns.")}</p>
      ) : (
        <Table caption={t("Returns")} head={[t("Return number"), t("Date"), t("Status"), t("Units")]}>
          {items.map((r) => (
            <tr key={r.number} data-testid="order-return">
              <td>
                <Link to={`/beheer/retouren/${r.number}`}>{r.number}</Link>
              </td>
              <td>
                <Time at={r.created_at} />
              </td>
              <td>{r.status_label}</td>
              <td>{r.units}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}
