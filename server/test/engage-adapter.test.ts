/**
 * Voyado Engage as the customer-data platform (issue 24 item 5): a second Etalage plays Engage
 * with its built-in Engage REST API; the shop, configured with VOYADO_ENGAGE_URL and
 * VOYADO_ENGAGE_API_KEY as for the real one, sends it its newsletter contacts over HTTP. The
 * adapter is also tried on its own against the built-in API, as an outside client would.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGAGE_API_BASE } from "../src/api/voyado-engage/route.ts";
import { loadConfig } from "../src/config.ts";
import { contacts, mailOutbox } from "../src/db/schema.ts";
import { EngageClient, EngageError } from "../src/providers/customer-data/engage-client.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let engage: TestServer;
let shop: TestServer;
let client: EngageClient;
const mailbox = (name = "klant") => `${name}.${randomUUID().slice(0, 8)}@example.nl`;

beforeAll(async () => {
  engage = await startTestServer({ storefront: false, vendor: true });
  client = new EngageClient({
    url: `${engage.url}${ENGAGE_API_BASE}`,
    apiKey: engage.services.engageApi.apiKey,
  });
  shop = await startTestServer({
    storefront: false,
    env: {
      VOYADO_ENGAGE_URL: `${engage.url}${ENGAGE_API_BASE}`,
      VOYADO_ENGAGE_API_KEY: engage.services.engageApi.apiKey,
      // The test runs the rounds itself.
      VOYADO_ENGAGE_SYNC_INTERVAL_MS: "3600000",
    },
  });
});
afterAll(async () => {
  await shop?.close();
  await engage?.close();
});

async function confirmedSubscriber(email: string): Promise<void> {
  await shop.services.newsletter.subscribe(email);
  const [mail] = await shop.services.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id));
  const token = /bevestigen\?token=([\w%-]+)/.exec(mail!.text)![1]!;
  expect(await shop.services.newsletter.confirm(decodeURIComponent(token))).not.toBeNull();
}

describe("the Engage adapter against the built-in Engage API", () => {
  it("creates a contact once per email, reads it, updates only what is sent and sets its email preference", async () => {
    const email = mailbox();
    const made = await client.createContact({
      email,
      firstName: "Jan",
      preferences: { acceptsEmail: false },
    });
    expect(made).toMatchObject({
      attributes: { email, firstName: "Jan" },
      preferences: { acceptsEmail: false },
    });
    expect((await client.createContact({ email, firstName: "Anders" })).id).toBe(made.id);
    expect(await client.contactIdByEmail(email.toUpperCase())).toBe(made.id);
    await client.updateContact(made.id, { lastName: "Jansen" });
    await client.setAcceptsEmail(made.id, true);
    const read = await client.contact(made.id);
    expect(read).toMatchObject({
      attributes: { firstName: "Jan", lastName: "Jansen" },
      preferences: { acceptsEmail: true },
    });
    expect(await client.contactIdByEmail(mailbox("niemand"))).toBeUndefined();
    expect(await client.contact(randomUUID())).toBeUndefined();
  });

  it("refuses a wrong api key, a body it does not know and a request without JSON, as Engage does", async () => {
    const wrong = new EngageClient({ url: `${engage.url}${ENGAGE_API_BASE}`, apiKey: "not-the-key" });
    await expect(wrong.contactIdByEmail(mailbox())).rejects.toMatchObject({ status: 401 });
    const bad = client.createContact({ email: "geen-adres" } as never);
    await expect(bad).rejects.toBeInstanceOf(EngageError);
    await expect(bad).rejects.toThrow(/body\.email/);
    const res = await fetch(`${engage.url}${ENGAGE_API_BASE}/api/v3/contacts`, {
      method: "POST",
      headers: { apikey: engage.services.engageApi.apiKey, "content-type": "text/plain" },
      body: "{}",
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: "content-type: must be application/json" });
  });

  it("keeps each consent once given, the newest per id", async () => {
    const email = mailbox();
    const date = new Date().toISOString();
    const made = await client.createContact({ email, consents: [{ id: "newsletter", value: true, date }] });
    await client.updateContact(made.id, { consents: [{ id: "sms", value: false, date }] });
    await client.updateContact(made.id, { consents: [{ id: "newsletter", value: false, date }] });
    const read = await client.contact(made.id);
    expect(read?.consents.map((c) => [c.id, c.value]).sort()).toEqual([
      ["newsletter", false],
      ["sms", false],
    ]);
  });
});

describe("the shop with VOYADO_ENGAGE_URL", () => {
  it("sends a confirmed subscriber to Engage with acceptsEmail and the newsletter consent, and the unsubscribe after", async () => {
    const email = mailbox("abonnee");
    await confirmedSubscriber(email);
    expect(await shop.services.engageSync!.syncDue()).toBeGreaterThanOrEqual(1);
    const id = await client.contactIdByEmail(email);
    expect(id).toBeDefined();
    const contact = await client.contact(id!);
    expect(contact?.preferences.acceptsEmail).toBe(true);
    expect(contact?.consents).toEqual([
      expect.objectContaining({ id: "newsletter", value: true, source: "e-com" }),
    ]);

    await shop.services.newsletter.unsubscribeEmail(email);
    await shop.services.engageSync!.syncDue();
    const after = await client.contact(id!);
    expect(after?.preferences.acceptsEmail).toBe(false);
    expect(after?.consents).toEqual([expect.objectContaining({ id: "newsletter", value: false })]);
    // Nothing is sent twice: the contact is up to date.
    const [row] = await shop.services.database.db.select().from(contacts).where(eq(contacts.email, email));
    expect(row?.engageSyncedAt?.getTime()).toBe(row?.updatedAt.getTime());
    // To the microsecond, as the database compares them: else it is due again every round.
    const due = await shop.services.database.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.email, email), sql`${contacts.updatedAt} > ${contacts.engageSyncedAt}`));
    expect(due).toEqual([]);
  });

  it("keeps a change Engage did not take, and sends it when Engage answers again", async () => {
    const email = mailbox("later");
    await confirmedSubscriber(email);
    const sync = shop.services.engageSync!;
    const real = (sync as unknown as { client: EngageClient }).client;
    const down = new EngageClient({ url: "http://127.0.0.1:9/engage", apiKey: "x", timeoutMs: 500 });
    (sync as unknown as { client: EngageClient }).client = down;
    expect(await sync.syncDue()).toBe(0);
    (sync as unknown as { client: EngageClient }).client = real;
    await sync.syncDue();
    expect(await client.contactIdByEmail(email)).toBeDefined();
  });

  it("refuses to start with only one of URL and key, naming the other", () => {
    expect(() =>
      loadConfig({ VOYADO_ENGAGE_URL: "https://etalage.voyado.com" } as NodeJS.ProcessEnv),
    ).toThrow(/VOYADO_ENGAGE_API_KEY/);
    expect(() => loadConfig({ VOYADO_ENGAGE_API_KEY: "k" } as NodeJS.ProcessEnv)).toThrow(
      /VOYADO_ENGAGE_URL/,
    );
  });
});
