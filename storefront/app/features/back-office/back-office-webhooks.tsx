import { t, WEBHOOK_EVENT_TYPES } from "@etalage/core";
import { Form, Link, useNavigation } from "react-router";
import { currentSession, deleteJson, failureOf, getJson, postJson } from "./back-office-api.ts";
import { Notice, PageHeading, ScrollRegion, StatusFilter } from "./back-office-frame.tsx";

/*
 * Webhooks in the back office (issue 25 item 4, docs/decisions/0047): `/beheer/webhooks`, the
 * endpoints a warehouse or ERP is told at (from WEBHOOK_ENDPOINTS or added here) and the
 * deliveries with their attempts, through the admin API's routes at /api/beheer/webhooks.
 */

interface WebhookEndpoint {
  id: number;
  url: string;
  events: string[];
  source: "env" | "admin";
  description: string | null;
  secret_hint: string;
  created_at: string;
}

interface WebhookDelivery {
  id: number;
  event_type: string;
  event_created_at: string;
  endpoint: { id: number; url: string };
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
}

export interface WebhooksLoad {
  endpoints: WebhookEndpoint[];
  deliveries: { items: WebhookDelivery[]; total: number; page: number; pageSize: number };
  status: string;
}

export type WebhookActionResult =
  | { ok: true; id: string; message: string; secret?: string | undefined }
  | { ok: false; id: string; error: string; field?: string | undefined };

const PAGE_SIZE = 25;

const STATUS_LABELS: Record<WebhookDelivery["status"], string> = {
  pending: t("Webhook status: pending"),
  succeeded: t("Webhook status: delivered"),
  failed: t("Webhook status: failed"),
};

const when = new Intl.DateTimeFormat("nl-NL", {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: "Europe/Amsterdam",
});
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : "–");

/** `?status=&pagina=` of the URL; the server filters and pages the deliveries. */
export async function loadWebhooks(url: URL): Promise<WebhooksLoad> {
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("pagina")) || 1));
  const asked = url.searchParams.get("status") ?? "";
  const status = Object.hasOwn(STATUS_LABELS, asked) ? asked : "";
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (status) query.set("status", status);
  const [endpoints, deliveries] = await Promise.all([
    getJson<WebhookEndpoint[]>("/webhooks/endpoints"),
    getJson<WebhooksLoad["deliveries"]>(`/webhooks/deliveries?${query}`),
  ]);
  return { endpoints, deliveries, status };
}

/** Add or remove an endpoint, or send a failed delivery again. */
export async function webhookAction(form: FormData): Promise<WebhookActionResult> {
  const intent = String(form.get("intent") ?? "");
  const id = crypto.randomUUID();
  try {
    const csrf = (await currentSession())?.csrf_token ?? "";
    if (intent === "add") {
      const description = String(form.get("description") ?? "").trim();
      const added = await postJson<{ endpoint: WebhookEndpoint; secret?: string }>(
        "/webhooks/endpoints",
        {
          url: String(form.get("url") ?? "").trim(),
          events: form.getAll("events").map(String),
          ...(description ? { description } : {}),
        },
        csrf,
      );
      return { ok: true, id, message: t("The endpoint is added."), secret: added.secret };
    }
    if (intent === "remove") {
      await deleteJson(`/webhooks/endpoints/${Number(form.get("endpoint"))}`, csrf);
      return { ok: true, id, message: t("The endpoint is removed.") };
    }
    await postJson(`/webhooks/deliveries/${Number(form.get("delivery"))}/retry`, {}, csrf);
    return { ok: true, id, message: t("The delivery is sent again.") };
  } catch (error) {
    return { ok: false, id, ...failureOf(error) };
  }
}

/** The answer of the last attempt: the receiver's HTTP status, or why none came. */
function lastAnswer(d: WebhookDelivery): string {
  if (d.attempts === 0) return "–";
  if (d.last_status_code !== null) return `HTTP ${d.last_status_code}`;
  return d.last_error ?? "–";
}

function ActionResult({ result }: { result: WebhookActionResult }) {
  if (!result.ok) return <Notice kind="error">{result.error}</Notice>;
  return (
    <>
      <Notice kind="done">{result.message}</Notice>
      {result.secret ? (
        <div className="bo__panel" data-testid="webhook-secret-panel">
          <p>
            <strong>{t("Copy the signing secret now: it is not shown again.")}</strong>{" "}
            {t("The receiver checks each webhook's signature with it.")}
          </p>
          <p className="bo__secret" data-testid="webhook-secret">
            {result.secret}
          </p>
        </div>
      ) : null}
    </>
  );
}

function Endpoints({ endpoints, busy }: { endpoints: WebhookEndpoint[]; busy: boolean }) {
  if (endpoints.length === 0) return <p>{t("No webhook endpoints yet.")}</p>;
  return (
    <ScrollRegion label={t("Webhook endpoints")}>
      <table className="bo__table">
        <caption className="bo__visually-hidden">{t("Webhook endpoints")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("URL")}</th>
            <th scope="col">{t("Event types")}</th>
            <th scope="col">{t("Configured in")}</th>
            <th scope="col">{t("Secret")}</th>
            <th scope="col">
              <span className="bo__visually-hidden">{t("Actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((e) => (
            <tr key={e.id} data-testid="webhook-endpoint">
              <td className="bo__code">
                {e.url}
                {e.description ? <span className="bo__hint"> · {e.description}</span> : null}
              </td>
              <td>{e.events.length > 0 ? e.events.join(", ") : t("All events")}</td>
              <td>{e.source === "env" ? t("Environment (WEBHOOK_ENDPOINTS)") : t("Back office")}</td>
              <td className="bo__code">{e.secret_hint}</td>
              <td>
                {e.source === "admin" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="endpoint" value={e.id} />
                    <button type="submit" className="bo__button bo__button--quiet" disabled={busy}>
                      {t("Remove")}
                      <span className="bo__visually-hidden"> {e.url}</span>
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function AddEndpoint({ busy, field }: { busy: boolean; field: string | undefined }) {
  const urlError = field === "body.url";
  const eventsError = field?.startsWith("body.events") ?? false;
  return (
    <Form method="post" className="bo__form bo__narrow" aria-labelledby="bo-webhook-add">
      <h2 id="bo-webhook-add">{t("Add an endpoint")}</h2>
      <input type="hidden" name="intent" value="add" />
      <label htmlFor="bo-webhook-url">{t("URL")}</label>
      <input
        id="bo-webhook-url"
        name="url"
        type="url"
        required
        maxLength={2000}
        placeholder="https://erp.example.nl/webhooks"
        aria-invalid={urlError || undefined}
      />
      <label htmlFor="bo-webhook-description">{t("Description (optional)")}</label>
      <input id="bo-webhook-description" name="description" maxLength={200} />
      <fieldset className="bo__fieldset" aria-invalid={eventsError || undefined}>
        <legend>{t("Event types")}</legend>
        <p className="bo__hint">{t("None ticked: the endpoint gets every event.")}</p>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <div key={type} className="bo__check">
            <input id={`bo-webhook-event-${type}`} type="checkbox" name="events" value={type} />
            <label htmlFor={`bo-webhook-event-${type}`} className="bo__code">
              {type}
            </label>
          </div>
        ))}
      </fieldset>
      <p className="bo__hint">{t("The shop makes the signing secret and shows it once.")}</p>
      <div>
        <button type="submit" className="bo__button" disabled={busy}>
          {t("Add the endpoint")}
        </button>
      </div>
    </Form>
  );
}

function Deliveries({ data, busy }: { data: WebhooksLoad; busy: boolean }) {
  const { deliveries, status } = data;
  const pages = Math.max(1, Math.ceil(deliveries.total / deliveries.pageSize));
  const query = (page: number) => `?${status ? `status=${status}&` : ""}pagina=${page}`;
  return (
    <section className="bo__section" aria-labelledby="bo-webhook-deliveries">
      <h2 id="bo-webhook-deliveries">{t("Deliveries")}</h2>
      <StatusFilter
        id="bo-webhook-status"
        value={status}
        allLabel={t("All deliveries")}
        options={STATUS_LABELS}
      />
      {deliveries.items.length === 0 ? (
        <p>{t("No deliveries.")}</p>
      ) : (
        <ScrollRegion label={t("Deliveries")}>
          <table className="bo__table">
            <caption className="bo__visually-hidden">
              {t("Deliveries, newest first: page {page} of {pages}", { page: deliveries.page, pages })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("Event")}</th>
                <th scope="col">{t("Endpoint")}</th>
                <th scope="col">{t("Status")}</th>
                <th scope="col">{t("Attempts")}</th>
                <th scope="col">{t("Last answer")}</th>
                <th scope="col">{t("Last attempt")}</th>
                <th scope="col">
                  <span className="bo__visually-hidden">{t("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.items.map((d) => (
                <tr key={d.id} data-testid="webhook-delivery">
                  <td>
                    <span className="bo__code">{d.event_type}</span>
                    <span className="bo__hint"> · {at(d.event_created_at)}</span>
                  </td>
                  <td className="bo__code">{d.endpoint.url}</td>
                  <td>
                    <span className={`bo__state bo__state--${d.status}`}>{STATUS_LABELS[d.status]}</span>
                  </td>
                  <td>{d.attempts}</td>
                  <td className="bo__code">{lastAnswer(d)}</td>
                  <td>{at(d.last_attempt_at)}</td>
                  <td>
                    {d.status === "failed" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="retry" />
                        <input type="hidden" name="delivery" value={d.id} />
                        <button type="submit" className="bo__button bo__button--quiet" disabled={busy}>
                          {t("Send again")}
                          <span className="bo__visually-hidden">
                            {" "}
                            {d.event_type} → {d.endpoint.url}
                          </span>
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <nav className="bo__pager" aria-label={t("Pages of the deliveries")}>
        {deliveries.page > 1 ? <Link to={query(deliveries.page - 1)}>{t("Previous page")}</Link> : null}
        <span>{t("Page {page} of {pages}", { page: deliveries.page, pages })}</span>
        {deliveries.page < pages ? <Link to={query(deliveries.page + 1)}>{t("Next page")}</Link> : null}
      </nav>
    </section>
  );
}

/** `/beheer/webhooks` (beheerder): the endpoints, a form to add one, and the deliveries. */
export function WebhooksView({
  data,
  result,
}: {
  data: WebhooksLoad;
  result: WebhookActionResult | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section>
      <PageHeading>{t("Webhooks")}</PageHeading>
      <p className="bo__hint">
        {t(
          "The shop tells a warehouse or ERP of orders and returns at these addresses, signed with a secret.",
        )}
      </p>
      {/* A new key per answer: the next answer is announced and focused too. */}
      {result ? <ActionResult key={result.id} result={result} /> : null}
      <section className="bo__section" aria-labelledby="bo-webhook-endpoints">
        <h2 id="bo-webhook-endpoints">{t("Endpoints")}</h2>
        <Endpoints endpoints={data.endpoints} busy={busy} />
      </section>
      {/* Emptied after an endpoint was added, kept as typed after a refusal. */}
      <AddEndpoint
        key={result?.ok ? result.id : "add"}
        busy={busy}
        field={result && !result.ok ? result.field : undefined}
      />
      <Deliveries data={data} busy={busy} />
    </section>
  );
}
