import { formatDate, formatPrice, RETURN_STATUSES, t } from "@etalage/core";
import { Form, Link, useNavigation } from "react-router";
import { currentSession, failureOf, getJson, postJson } from "./back-office-api.ts";
import { Notice, PageHeading, StatusFilter } from "./back-office-frame.tsx";

/*
 * Returns in the back office (issue 25 item 3, docs/decisions/0049): `/beheer/retouren`, the list
 * by status, and `/beheer/retouren/{number}`, one return with receive, refund and reject. Labels
 * the server does not send are literal t() calls here, compiled into these pages' own chunk.
 */

export interface ReturnListPage {
  items: {
    number: string;
    order_number: string;
    status: string;
    status_label: string;
    customer_email: string;
    units: number;
    created_at: string;
    received_at: string | null;
  }[];
  total_count: number;
  page: number;
  page_size: number;
  status: string;
}

export interface ReturnDetail {
  number: string;
  order_number: string;
  status: string;
  status_label: string;
  created_at: string;
  received_at: string | null;
  refunded_at: string | null;
  rejected_at: string | null;
  reject_reason: string | null;
  customer_email: string;
  lines: {
    id: number;
    sku: string;
    name: string;
    options: { label: string; value: string }[];
    units: number;
    reason_label: string;
    received_units: number | null;
    condition_label: string | null;
    restocked: boolean;
  }[];
  refund: { id: number; status: string; amount_cents: number; created_at: string } | null;
}

export type ReturnActionResult =
  | { ok: true; message: string }
  | { ok: false; error: string; field?: string | undefined };

const STATUS_FILTER: Record<string, string> = {
  requested: t("Return status: requested"),
  received: t("Return status: received"),
  refunding: t("Return status: refunding"),
  refunded: t("Return status: refunded"),
  rejected: t("Return status: rejected"),
};

const CONDITIONS: Record<string, string> = {
  as_new: t("As new"),
  damaged: t("Damaged"),
  used: t("Worn or used"),
};

const REFUND_STATUS: Record<string, string> = {
  requested: t("Refund asked: waiting for the payment provider"),
  succeeded: t("Refunded"),
  failed: t("Refund failed: refund again"),
};

const PAGE_SIZE = 25;

/** `?status=&pagina=` of the URL; the server pages and filters. */
export async function loadReturnList(url: URL): Promise<ReturnListPage> {
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("pagina")) || 1));
  const asked = url.searchParams.get("status") ?? "";
  const status = (RETURN_STATUSES as readonly string[]).includes(asked) ? asked : "";
  const list = await getJson<Omit<ReturnListPage, "status">>(
    `/returns?page=${page}&pageSize=${PAGE_SIZE}${status ? `&status=${status}` : ""}`,
  );
  return { ...list, status };
}

export const loadReturn = (number: string) => getJson<ReturnDetail>(`/returns/${encodeURIComponent(number)}`);

/** Receive, refund or reject, each with a key of its own (a lost answer asked again is the same action). */
export async function returnAction(form: FormData): Promise<ReturnActionResult> {
  const number = String(form.get("number") ?? "");
  const intent = String(form.get("intent") ?? "");
  const path = `/returns/${encodeURIComponent(number)}/${intent}`;
  try {
    const csrf = (await currentSession())?.csrf_token;
    const key = { "idempotency-key": crypto.randomUUID() };
    if (intent === "receive") {
      const ids = form.getAll("line").map(Number);
      const lines = ids.map((id) => ({
        id,
        units: Number(form.get(`units-${id}`) ?? 0),
        condition: String(form.get(`condition-${id}`) ?? "as_new"),
      }));
      await postJson(path, { lines }, csrf, key);
      return { ok: true, message: t("The parcel is recorded as received.") };
    }
    if (intent === "refund") {
      await postJson(path, {}, csrf, key);
      return {
        ok: true,
        message: t("The refund is asked. The return is refunded once the payment provider confirms."),
      };
    }
    await postJson(path, { reason: String(form.get("reason") ?? "") }, csrf, key);
    return { ok: true, message: t("The return is rejected.") };
  } catch (error) {
    return { ok: false, ...failureOf(error) };
  }
}

const when = (iso: string | null) => (iso ? formatDate(iso) : "–");

/** `/beheer/retouren`: the returns, newest first, by status. */
export function ReturnListView({ list }: { list: ReturnListPage }) {
  const pages = Math.max(1, Math.ceil(list.total_count / list.page_size));
  const query = (page: number) => `?${list.status ? `status=${list.status}&` : ""}pagina=${page}`;
  return (
    <section>
      <PageHeading>{t("Returns")}</PageHeading>
      <StatusFilter
        id="bo-return-status"
        value={list.status}
        allLabel={t("All returns")}
        options={STATUS_FILTER}
      />
      {list.items.length === 0 ? (
        <p>{t("No returns.")}</p>
      ) : (
        <div className="bo__table-wrap">
          <table className="bo__table">
            <caption className="bo__visually-hidden">
              {t("Page {page} of {pages}", { page: list.page, pages })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("Return number")}</th>
                <th scope="col">{t("Order")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Customer")}</th>
                <th scope="col">{t("Items")}</th>
                <th scope="col">{t("Registered")}</th>
                <th scope="col">{t("Received")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((r) => (
                <tr key={r.number} data-testid="return-row">
                  <td>
                    <Link to={`/beheer/retouren/${encodeURIComponent(r.number)}`}>{r.number}</Link>
                  </td>
                  <td>{r.order_number}</td>
                  <td>{r.status_label}</td>
                  <td>{r.customer_email}</td>
                  <td>{r.units}</td>
                  <td>{when(r.created_at)}</td>
                  <td>{when(r.received_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="bo__pager" aria-label={t("Page {page} of {pages}", { page: list.page, pages })}>
        {list.page > 1 ? <Link to={query(list.page - 1)}>{t("Previous page")}</Link> : null}
        <span>{t("Page {page} of {pages}", { page: list.page, pages })}</span>
        {list.page < pages ? <Link to={query(list.page + 1)}>{t("Next page")}</Link> : null}
      </nav>
    </section>
  );
}

/** `/beheer/retouren/{number}`: one return, and what staff may do with it now. */
export function ReturnDetailView({
  detail,
  mayRefund,
  result,
}: {
  detail: ReturnDetail;
  mayRefund: boolean;
  result: ReturnActionResult | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  const open = detail.status === "requested" || detail.status === "received";
  const waiting = detail.lines.filter((l) => l.received_units === null);
  const received = detail.lines.some((l) => (l.received_units ?? 0) > 0);
  return (
    <section>
      <p>
        <Link to="/beheer/retouren">{t("All returns")}</Link>
      </p>
      <PageHeading>{t("Return {number}", { number: detail.number })}</PageHeading>
      {result ? (
        <Notice kind={result.ok ? "done" : "error"}>{result.ok ? result.message : result.error}</Notice>
      ) : null}
      <dl className="bo__facts">
        <div>
          <dt>{t("Status")}</dt>
          <dd data-testid="return-status">{detail.status_label}</dd>
        </div>
        <div>
          <dt>{t("Order")}</dt>
          <dd>{detail.order_number}</dd>
        </div>
        <div>
          <dt>{t("Customer")}</dt>
          <dd>{detail.customer_email}</dd>
        </div>
        <div>
          <dt>{t("Registered")}</dt>
          <dd>{when(detail.created_at)}</dd>
        </div>
        <div>
          <dt>{t("Received")}</dt>
          <dd>{when(detail.received_at)}</dd>
        </div>
        {detail.refund ? (
          <div>
            <dt>{t("Refund of the return")}</dt>
            <dd data-testid="return-refund">
              {formatPrice(detail.refund.amount_cents / 100)} ·{" "}
              {REFUND_STATUS[detail.refund.status] ?? detail.refund.status}
            </dd>
          </div>
        ) : null}
        {detail.reject_reason ? (
          <div>
            <dt>{t("Reason for rejection")}</dt>
            <dd>{detail.reject_reason}</dd>
          </div>
        ) : null}
      </dl>
      <div className="bo__table-wrap">
        <table className="bo__table">
          <caption className="bo__visually-hidden">{t("Items in this return")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Item")}</th>
              <th scope="col">{t("Units")}</th>
              <th scope="col">{t("Reason")}</th>
              <th scope="col">{t("Received")}</th>
              <th scope="col">{t("Condition")}</th>
            </tr>
          </thead>
          <tbody>
            {detail.lines.map((l) => (
              <tr key={l.id}>
                <td>
                  {l.name} <span className="bo__hint">({l.sku})</span>
                  {l.options.map((o) => (
                    <span key={o.label} className="bo__hint">
                      {" "}
                      · {o.label}: {o.value}
                    </span>
                  ))}
                </td>
                <td>{l.units}</td>
                <td>{l.reason_label}</td>
                <td>{l.received_units ?? "–"}</td>
                <td>
                  {l.condition_label ?? "–"}
                  {l.restocked ? <span className="bo__hint"> · {t("back in stock")}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open && waiting.length > 0 ? (
        <Form method="post" className="bo__receive" aria-labelledby="bo-receive-title">
          <h2 id="bo-receive-title">{t("Record the parcel")}</h2>
          <p className="bo__hint">{t("Units found as new go back to stock.")}</p>
          <input type="hidden" name="number" value={detail.number} />
          <input type="hidden" name="intent" value="receive" />
          {waiting.map((l) => (
            <fieldset key={l.id} className="bo__fieldset">
              <legend>{l.name}</legend>
              <input type="hidden" name="line" value={l.id} />
              <label htmlFor={`bo-units-${l.id}`}>{t("Units received")}</label>
              <select id={`bo-units-${l.id}`} name={`units-${l.id}`} defaultValue={l.units}>
                {Array.from({ length: l.units + 1 }, (_, n) => n).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <label htmlFor={`bo-condition-${l.id}`}>{t("Condition")}</label>
              <select id={`bo-condition-${l.id}`} name={`condition-${l.id}`} defaultValue="as_new">
                {Object.entries(CONDITIONS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </fieldset>
          ))}
          <button type="submit" className="bo__button" disabled={busy}>
            {t("Record as received")}
          </button>
        </Form>
      ) : null}
      {detail.status === "received" && received && mayRefund ? (
        <Form method="post" className="bo__actions">
          <input type="hidden" name="number" value={detail.number} />
          <input type="hidden" name="intent" value="refund" />
          <button type="submit" className="bo__button" disabled={busy}>
            {t("Refund the received items")}
          </button>
        </Form>
      ) : null}
      {open ? (
        <Form method="post" className="bo__reject">
          <input type="hidden" name="number" value={detail.number} />
          <input type="hidden" name="intent" value="reject" />
          <label htmlFor="bo-reject-reason">{t("Reason for rejection")}</label>
          <textarea id="bo-reject-reason" name="reason" rows={2} required maxLength={1000} />
          <button type="submit" className="bo__button bo__button--quiet" disabled={busy}>
            {t("Reject the return")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
