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
  server = await startTestServer({ storefront: false, env: { ADMIN_TOKEN: ADMIN } });
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

async function status(email: string) {
  const res = await server.get(`${BASE}/subscribe?email=${encodeURIComponent(email)}`);
  return (await res.json()).result;
}

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

    const del = await fetch(`${server.url}${BASE}/subscribe`, {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(del.status).toBe(200);
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
    const res = await fetch(`${server.url}${BASE}/subscribe`, {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: mailbox("nooit") }),
    });
    expect(await res.json()).toEqual({ code: 200, result: "not-subscribed" });
  });

  it("refuses an unknown unsubscribe token", async () => {
    const res = await server.post(`${BASE}/unsubscribe?token=${"x".repeat(32)}`, {});
    expect(res.status).toBe(404);
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

  it("a sixth sign-up of one mailbox within a minute is refused with 429, another mailbox is not", async () => {
    const email = mailbox("veel");
    for (let i = 0; i < 5; i++) expect((await subscribe(email)).status).toBe(200);
    expect((await subscribe(email)).status).toBe(429);
    expect((await subscribe(mailbox("ander"))).status).toBe(200);
  });

  it("the outbox is closed without the admin token", async () => {
    const res = await server.get(`/api/admin/newsletter/outbox?to=a@example.nl`);
    expect(res.status).toBe(401);
  });
});
