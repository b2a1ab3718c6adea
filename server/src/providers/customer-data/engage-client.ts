/**
 * The shop's Voyado Engage adapter (issue 24 item 5): Engage's REST API over HTTP, as its
 * developer pages describe it (vendor-apis §4) — there is no official JavaScript client. Header
 * `apikey`, a `User-Agent` naming the system, JSON both ways. The same calls the built-in Engage
 * API answers (engage-api.ts), which is what the tests run this against.
 */
import type { EngageConsent } from "../../db/schema.ts";
import type { ContactInput, EngageContact } from "./engage-api.ts";

export class EngageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface EngageClientOptions {
  /** The tenant's base URL, `https://{tenant}.voyado.com` (or the built-in one's). */
  url: string;
  apiKey: string;
  /** Engage's `source` for contacts the shop creates. */
  source?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const USER_AGENT = "Etalage/1.0";

export class EngageClient {
  private readonly base: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: EngageClientOptions) {
    this.base = options.url.replace(/\/+$/, "");
    this.fetch = options.fetch ?? fetch;
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T | undefined> {
    const res = await this.fetch(`${this.base}${path}`, {
      method,
      headers: {
        apikey: this.options.apiKey,
        "user-agent": USER_AGENT,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (res.status === 404 && method === "GET") return undefined;
    const text = await res.text();
    if (!res.ok) {
      let message = text.slice(0, 300);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {}
      throw new EngageError(res.status, `Engage ${method} ${path} answered ${res.status}: ${message}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** `GET /api/v2/contacts/id?email=`: the contact's id, or undefined when there is none. */
  contactIdByEmail(email: string): Promise<string | undefined> {
    return this.call<string>("GET", `/api/v2/contacts/id?${new URLSearchParams({ email })}`);
  }

  contact(id: string): Promise<EngageContact | undefined> {
    return this.call<EngageContact>("GET", `/api/v2/contacts/${encodeURIComponent(id)}`);
  }

  /** `POST /api/v3/contacts`: creates it, or answers the contact that has this email already. */
  async createContact(input: ContactInput): Promise<EngageContact> {
    const query = new URLSearchParams({
      source: this.options.source ?? "e-com",
      createAsUnapproved: "false",
    });
    return (await this.call<EngageContact>("POST", `/api/v3/contacts?${query}`, input))!;
  }

  /** `POST /api/v2/contacts/{id}`: a partial update. */
  async updateContact(id: string, input: ContactInput): Promise<EngageContact> {
    return (await this.call<EngageContact>("POST", `/api/v2/contacts/${encodeURIComponent(id)}`, input))!;
  }

  async setAcceptsEmail(id: string, value: boolean): Promise<void> {
    await this.call("POST", `/api/v2/contacts/${encodeURIComponent(id)}/preferences/acceptsEmail`, { value });
  }

  /**
   * The shop's contact in Engage: found by email (Engage's key field for this shop) or created,
   * then brought up to date — its fields, its email preference and the newsletter consent.
   * Only what Engage does not have yet is written: a contact sent again because the instance that
   * sent it died before recording it (docs/decisions/0040) is read, found current, and left alone.
   */
  async upsert(input: ContactInput & { email: string }, consent?: EngageConsent): Promise<string> {
    const consents = consent ? [consent] : undefined;
    const id = await this.contactIdByEmail(input.email);
    if (!id) return (await this.createContact({ ...input, ...(consents ? { consents } : {}) })).id;
    const { preferences, ...fields } = input;
    const current = await this.contact(id);
    const newConsents = (consents ?? []).filter(
      (given) => !current?.consents.some((had) => had.id === given.id && had.value === given.value),
    );
    const changed =
      !current ||
      newConsents.length > 0 ||
      Object.entries(fields).some(
        ([name, value]) => value !== undefined && current.attributes[name] !== value,
      );
    if (changed)
      await this.updateContact(id, { ...fields, ...(newConsents.length ? { consents: newConsents } : {}) });
    const acceptsEmail = preferences?.acceptsEmail;
    if (acceptsEmail !== undefined && current?.preferences.acceptsEmail !== acceptsEmail)
      await this.setAcceptsEmail(id, acceptsEmail);
    return id;
  }
}
