import { formatPrice, t } from "@etalage/core";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { failureOf, getJson } from "./back-office-api.ts";
import { Notice, PageHeading, ScrollRegion } from "./back-office-frame.tsx";
import {
  labelOf,
  ORDER_STATUS_LABELS,
  type OrderList,
  PAYMENT_STATE_LABELS,
  when,
} from "./back-office-order-data.ts";

const PAGE_SIZE = 25;

/** The list's filters as the page's URL carries them (Dutch names: the URL is shared between staff). */
const FIELDS = {
  zoek: "q",
  status: "status",
  betaling: "payment",
  verzending: "shippingMethod",
  retour: "hasReturn",
  van: "from",
  tot: "to",
} as const;
type Field = keyof typeof FIELDS;

const LIST_STATUSES = [
  "pending",
  "processing",
  "complete",
  "closed",
  "canceled",
  "export_failed",
  "export_success",
];
const LIST_PAYMENTS = ["paid", "partially_refunded", "refunded", "unpaid", "offline"];

export interface OrdersLoad {
  filters: Record<Field, string>;
  page: number;
  list: OrderList | null;
  error?: { error: string; field?: string | undefined };
}

const fieldOfPath = (path: string | undefined): Field | undefined =>
  (Object.keys(FIELDS) as Field[]).find((f) => path === `querystring.${FIELDS[f]}`);

/** The filters of the URL, asked of the server a page at a time; a refused filter names its field. */
export async function loadOrders(url: URL): Promise<OrdersLoad> {
  const filters = Object.fromEntries(
    (Object.keys(FIELDS) as Field[]).map((f) => [f, (url.searchParams.get(f) ?? "").trim()]),
  ) as Record<Field, string>;
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("pagina")) || 1));
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  for (const f of Object.keys(FIELDS) as Field[]) if (filters[f]) query.set(FIELDS[f], filters[f]);
  try {
    return { filters, page, list: await getJson<OrderList>(`/orders?${query}`) };
  } catch (error) {
    const failure = failureOf(error);
    return { filters, page, list: null, error: { error: failure.error, field: fieldOfPath(failure.field) } };
  }
}

/** The URL of another page of the same filters. */
function pageLink(filters: Record<Field, string>, page: number): string {
  const query = new URLSearchParams();
  for (const [f, v] of Object.entries(filters)) if (v) query.set(f, v);
  if (page > 1) query.set("pagina", String(page));
  const text = query.toString();
  return text ? `?${text}` : "?";
}

function FilterField({
  name,
  label,
  error,
  children,
}: {
  name: Field;
  label: string;
  error: OrdersLoad["error"];
  children: (props: {
    id: string;
    name: Field;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => ReactNode;
}) {
  const id = `bo-filter-${name}`;
  const wrong = error?.field === name;
  return (
    <div className="bo__field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        name,
        ...(wrong ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {}),
      })}
      {wrong ? (
        <span id={`${id}-error`} className="bo__field-error">
          {error.error}
        </span>
      ) : null}
    </div>
  );
}

/** `/beheer/bestellingen`: filters as a GET form (a shareable URL), the server's page, previous and next. */
export function OrdersPage({ load }: { load: OrdersLoad }) {
  const { filters, list, error } = load;
  const pages = list ? Math.max(1, Math.ceil(list.total_count / list.page_size)) : 1;
  const summary = !list
    ? ""
    : list.total_count === 1
      ? t("1 order, page {page} of {pages}", { page: list.page, pages })
      : t("{count} orders, page {page} of {pages}", { count: list.total_count, page: list.page, pages });
  return (
    <section>
      <PageHeading>{t("Orders")}</PageHeading>
      <Form method="get" className="bo__filters" role="search" aria-label={t("Find orders")}>
        <FilterField name="zoek" label={t("Order number, e-mail, name or postcode")} error={error}>
          {(props) => <input {...props} type="search" defaultValue={filters.zoek} maxLength={100} />}
        </FilterField>
        <FilterField name="status" label={t("Status")} error={error}>
          {(props) => (
            <select {...props} defaultValue={filters.status}>
              <option value="">{t("All")}</option>
              {LIST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {labelOf(ORDER_STATUS_LABELS, s)}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField name="betaling" label={t("Payment")} error={error}>
          {(props) => (
            <select {...props} defaultValue={filters.betaling}>
              <option value="">{t("All")}</option>
              {LIST_PAYMENTS.map((s) => (
                <option key={s} value={s}>
                  {labelOf(PAYMENT_STATE_LABELS, s)}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField name="verzending" label={t("Shipping method")} error={error}>
          {(props) => (
            <select {...props} defaultValue={filters.verzending}>
              <option value="">{t("All")}</option>
              {(list?.shipping_methods ?? []).map((m) => (
                <option key={m.code} value={m.code}>
                  {m.title}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField name="retour" label={t("Return")} error={error}>
          {(props) => (
            <select {...props} defaultValue={filters.retour}>
              <option value="">{t("All")}</option>
              <option value="true">{t("With a return")}</option>
              <option value="false">{t("Without a return")}</option>
            </select>
          )}
        </FilterField>
        <FilterField name="van" label={t("Placed from")} error={error}>
          {(props) => <input {...props} type="date" defaultValue={filters.van} />}
        </FilterField>
        <FilterField name="tot" label={t("Placed up to")} error={error}>
          {(props) => <input {...props} type="date" defaultValue={filters.tot} />}
        </FilterField>
        <div className="bo__filter-actions">
          <button type="submit" className="bo__button">
            {t("Find")}
          </button>
          <Link to="/beheer/bestellingen">{t("Clear filters")}</Link>
        </div>
      </Form>
      {error ? (
        <Notice kind="error">
          {error.field ? <a href={`#bo-filter-${error.field}`}>{error.error}</a> : error.error}
        </Notice>
      ) : null}
      {list ? (
        <>
          <p className="bo__count" data-testid="order-count">
            {summary}
          </p>
          {list.items.length === 0 ? (
            <p>{t("No orders match these filters.")}</p>
          ) : (
            <ScrollRegion label={summary}>
              <table className="bo__table bo__table--orders" data-testid="order-list">
                <caption className="bo__visually-hidden">{summary}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("Order number")}</th>
                    <th scope="col">{t("Date")}</th>
                    <th scope="col">{t("Customer")}</th>
                    <th scope="col" className="bo__num">
                      {t("Total")}
                    </th>
                    <th scope="col">{t("Status")}</th>
                    <th scope="col">{t("Payment")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((o) => (
                    <tr key={o.increment_id}>
                      <th scope="row">
                        <Link to={`/beheer/bestellingen/${o.increment_id}`}>{o.increment_id}</Link>
                      </th>
                      <td>
                        <time dateTime={o.created_at}>{when(o.created_at)}</time>
                      </td>
                      <td>
                        {o.customer_name}
                        <br />
                        <span className="bo__hint">{o.customer_email}</span>
                      </td>
                      <td className="bo__num">{formatPrice(o.grand_total)}</td>
                      <td>{labelOf(ORDER_STATUS_LABELS, o.status)}</td>
                      <td>
                        {labelOf(PAYMENT_STATE_LABELS, o.payment_state)}
                        {o.test_payment ? <span className="bo__hint"> ({t("test payment")})</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          <nav className="bo__pager" aria-label={t("Pages of orders")}>
            {list.page > 1 ? (
              <Link to={pageLink(filters, list.page - 1)} rel="prev">
                {t("Previous page")}
              </Link>
            ) : null}
            <span>{t("Page {page} of {pages}", { page: list.page, pages })}</span>
            {list.page < pages ? (
              <Link to={pageLink(filters, list.page + 1)} rel="next">
                {t("Next page")}
              </Link>
            ) : null}
          </nav>
        </>
      ) : null}
    </section>
  );
}
