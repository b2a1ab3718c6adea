import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailboxMessages } from "../src/db/schema.ts";
import { type CartFixtures, cartClient, cartFixtures } from "./helpers/cart-fixtures.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const ADMIN = "newsletter-test-admin-token-0123456789";
const BASE = "/api/ext/voyado-engage-newsletter";
let server: TestServer;
let f: CartFixtures;
let cart: ReturnType<typeof cartClient>;

beforeAll(async () => {
  // Every test signs up its own mailboxes from 127.0.0.1: the per-client limit is mail-limits.test.ts's.
  server = await startTestServer({
    storefront: false,
    env: { ADMIN_TOKEN: ADMIN, RATE_LIMIT_ALLOW: "127.0.0.1" },
  });
  f = await cartFixtures(server);
  cart = cartClient(server);
});
afterAll(() => server?.close());

/** A unique mailbox per test: the database may be shared with other test files. */
const mailbox = (name = "klant") => `${name}.${randomUUID().slice(0, 8)}@example.nl`;

async function subscribe(email: string, query = email) {
  const res = await server.post(`${BASE}/subscribe?email=${encodeURIComponent(query)}`, { email });
  return { status: res.status, body: await res.json() };
}

/** The subscription as the shop keeps it (over HTTP only its owner may ask: see below). */
const status = (email: string) => server.services.newsletter.status(email);

const del = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${BASE}/subscribe`, {
    method: "DELETE",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  kind: string;
}

async function mails(to: string): Promise<Mail[]> {
  const res = await server.get(`/api/admin/newsletter/outbox?to=${encodeURIComponent(to)}`, {
    headers: { authorization: `Bearer ${ADMIN}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()).result;
}

function tokenFrom(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in ${text}`);
  return decodeURIComponent(match[1]);
}

async function confirm(token: string) {
  const res = await server.post(`${BASE}/confirm`, { token });
  return { status: res.status, body: await res.json() };
}

describe("newsletter double opt-in", () => {
  it("counts a sign-up only after the mailed link, then mails a single-use 10 % code that works in the cart", async () => {
    const email = mailbox();
    const first = await subscribe(email);
    expect(first).toMatchObject({
      status: 200,
      body: { code: 200, result: { contact_id: expect.any(String) } },
    });
    expect(await status(email)).toBe("not-subscribed");

    const [confirmation] = await mails(email);
    expect(confirmation?.kind).toBe("newsletter-confirm");
    expect(confirmation?.subject).toBe("Bevestig je inschrijving");
    expect(confirmation?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(confirmation?.headers["List-Unsubscribe"]).toMatch(/^<http.*\/unsubscribe\?token=.+>$/);
    expect(confirmation?.text).toContain("/nieuwsbrief/uitschrijven?token=");

    const confirmed = await confirm(tokenFrom(confirmation!.text, "/nieuwsbrief/bevestigen"));
    expect(confirmed.status).toBe(200);
    const code: string = confirmed.body.result.code;
    expect(code).toMatch(/^WELKOM-[A-Z2-9]{8}$/);
    expect(await status(email)).toBe("subscribed");

    const [welcome] = await mails(email);
    expect(welcome?.kind).toBe("newsletter-welcome");
    expect(welcome?.text).toContain(code);
    expect(welcome?.headers["List-Unsubscribe"]).toBeDefined();

    // The link works once.
    expect((await confirm(tokenFrom(confirmation!.text, "/nieuwsbrief/bevestigen"))).status).toBe(404);

    // The code takes 10 % off in a cart.
    const cartId = await cart.create();
    await cart.update(cartId, { sku: f.simple.sku, qty: 1 });
    expect((await cart.applyCoupon(cartId, code.toLowerCase())).status).toBe(200);
    const totals = (await cart.totals(cartId)).body.result;
    expect(totals.coupon_code).toBe(code);
    expect(Math.round(totals.discount_amount * 100)).toBe(-Math.round(totals.subtotal_incl_tax * 10));
  });

  it("answers email_exists for a subscribed address and sends nothing", async () => {
    const email = mailbox();
    await subscribe(email);
    await confirm(tokenFrom((await mails(email))[0]!.text, "/nieuwsbrief/bevestigen"));
    const count = (await mails(email)).length;
    expect(await subscribe(email.toUpperCase())).toMatchObject({
      status: 200,
      body: { result: { email_exists: true } },
    });
    expect(await mails(email)).toHaveLength(count);
  });

  it("gives one coupon per mailbox in any spelling, also after unsubscribing and signing up again", async () => {
    const local = `jan.de.vries.${randomUUID().slice(0, 6)}`;
    const email = `${local}@gmail.com`;
    await subscribe(email);
    const first = await confirm(tokenFrom((await mails(email))[0]!.text, "/nieuwsbrief/bevestigen"));
    expect(first.body.result.code).toMatch(/^WELKOM-/);

    const unsubscribe = tokenFrom((await mails(email))[0]!.text, "/nieuwsbrief/uitschrijven");
    expect((await del({ email, token: unsubscribe })).status).toBe(200);
    expect(await status(email)).toBe("not-subscribed");

    const respelled = `${local.replaceAll(".", "").toUpperCase()}+nieuws@googlemail.com`;
    expect((await subscribe(respelled)).status).toBe(200);
    const again = await confirm(tokenFrom((await mails(respelled))[0]!.text, "/nieuwsbrief/bevestigen"));
    expect(again).toMatchObject({ status: 200, body: { result: { code: null } } });
    expect(await status(email)).toBe("subscribed");
  });

  it("a second confirmation link replaces the first", async () => {
    const email = mailbox();
    await subscribe(email);
    const oldToken = tokenFrom((await mails(email))[0]!.text, "/nieuwsbrief/bevestigen");
    await subscribe(email);
    const newToken = tokenFrom((await mails(email))[0]!.text, "/nieuwsbrief/bevestigen");
    expect(newToken).not.toBe(oldToken);
    expect((await confirm(oldToken)).status).toBe(404);
    expect((await confirm(newToken)).status).toBe(200);
  });
});

describe("newsletter mail delivery", () => {
  it("reaches the built-in mailbox with its List-Unsubscribe headers", async () => {
    const email = mailbox("bezorgd");
    await subscribe(email);
    const delivered = async () =>
      server.services.database.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, email));
    // The mail worker is kicked after the commit; wait for the mailbox to show it.
    await expect.poll(async () => (await delivered()).length, { timeout: 15_000 }).toBe(1);
    const [message] = await delivered();
    expect(message?.subject).toBe("Bevestig je inschrijving");
    expect(message?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });
});

describe("newsletter unsubscribe", () => {
  it("one-click unsubscribes by the mail's List-Unsubscribe-Post (RFC 8058)", async () => {
    const email = mailbox();
    await subscribe(email);
    await confirm(tokenFrom((await mails(email))[0]!.text, "/nieuwsbrief/bevestigen"));
    const header = (await mails(email))[0]!.headers["List-Unsubscribe"]!;
    const url = new URL(header.slice(1, -1));
    const res = await fetch(`${server.url}${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await status(email)).toBe("not-subscribed");
  });

  it("DELETE of an address that never signed up changes nothing and says not-subscribed", async () => {
    const { email, token } = await customer();
    const res = await del({ email }, { authorization: `Bearer ${token}` });
    expect(await res.json()).toEqual({ code: 200, result: "not-subscribed" });
  });

  it("refuses an unknown unsubscribe token", async () => {
    const res = await server.post(`${BASE}/unsubscribe?token=${"x".repeat(32)}`, {});
    expect(res.status).toBe(404);
  });
});

/** A customer with a login: their address and token. */
async function customer() {
  const email = mailbox("klant");
  const password = "Kaasschaaf-Fietsbel-87";
  const created = await server.post("/api/ext/tritonx/create", {
    customer: { email, firstname: "Jan", lastname: "Jansen" },
    password,
  });
  expect(created.status).toBe(200);
  const login = await server.post("/api/ext/tritonx/login", { username: email, password });
  return { email, token: (await login.json()).result as string };
}

/** A confirmed subscription: the address and the unsubscribe token its mails carry. */
async function subscribed(email: string) {
  await subscribe(email);
  await confirm(tokenFrom((await mails(email))[0]!.text, "/nieuwsbrief/bevestigen"));
  return tokenFrom((await mails(email))[0]!.text, "/nieuwsbrief/uitschrijven");
}

describe("only the owner sees or ends a subscription (issue 31 item 3)", () => {
  const statusOf = (email: string, headers: Record<string, string> = {}) =>
    server.get(`${BASE}/subscribe?email=${encodeURIComponent(email)}`, { headers });

  it("the status answers the logged-in owner only", async () => {
    const owner = await customer();
    const other = await customer();
    await subscribed(owner.email);
    const anonymous = await statusOf(owner.email);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).result).toMatch(/^headers\.authorization|^querystring\.token/);
    const nosy = await statusOf(owner.email, { authorization: `Bearer ${other.token}` });
    expect(nosy.status).toBe(403);
    expect((await nosy.json()).result).toMatch(/^querystring\.email:/);
    const own = await statusOf(owner.email.toUpperCase(), { authorization: `Bearer ${owner.token}` });
    expect(await own.json()).toEqual({ code: 200, result: "subscribed" });
  });

  it("DELETE needs the mailed unsubscribe token of that address, or its owner's login", async () => {
    const victim = mailbox("ander");
    const token = await subscribed(victim);
    const stranger = await customer();
    expect((await del({ email: victim })).status).toBe(401);
    expect((await del({ email: victim }, { authorization: `Bearer ${stranger.token}` })).status).toBe(403);
    // Another subscription's token does not end this one.
    const otherToken = await subscribed(mailbox("derde"));
    const wrong = await del({ email: victim, token: otherToken });
    expect(wrong.status).toBe(404);
    expect((await wrong.json()).result).toMatch(/^body\.token:/);
    expect(await status(victim)).toBe("subscribed");
    expect(await (await del({ email: victim, token })).json()).toEqual({
      code: 200,
      result: "not-subscribed",
    });
    expect(await status(victim)).toBe("not-subscribed");

    const owner = await customer();
    await subscribed(owner.email);
    expect((await del({ email: owner.email }, { authorization: `Bearer ${owner.token}` })).status).toBe(200);
    expect(await status(owner.email)).toBe("not-subscribed");
  });
});

describe("newsletter input", () => {
  it("400 names the field for a bad address, and sends no mail", async () => {
    const res = await server.post(`${BASE}/subscribe?email=nope`, { email: "nope" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.result).toContain("email");
    const noBody = await server.post(`${BASE}/subscribe`, {});
    expect(noBody.status).toBe(400);
  });

  it("400 when query and body name different addresses", async () => {
    const res = await subscribe(mailbox(), mailbox("ander"));
    expect(res.status).toBe(400);
  });

  it("a fourth sign-up of one mailbox within an hour is refused with 429, another mailbox is not", async () => {
    const email = mailbox("veel");
    for (let i = 0; i < 3; i++) expect((await subscribe(email)).status).toBe(200);
    expect((await subscribe(email)).status).toBe(429);
    expect((await subscribe(mailbox("ander"))).status).toBe(200);
  });

  it("the outbox is closed without the admin token", async () => {
    const res = await server.get(`/api/admin/newsletter/outbox?to=a@example.nl`);
    expect(res.status).toBe(401);
  });
});
