import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailboxMessages } from "../src/db/schema.ts";
import { requestFrom } from "./helpers/from-address.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * Mail that cannot be turned into a weapon (issue 31 item 2): newsletter sign-ups and
 * back-in-stock alerts are limited per client (mailboxes), per mailbox and for the whole shop,
 * each on its own, with 429 and Retry-After; nothing is mailed beyond the limits. Every client is
 * its own loopback address, as the probe's were.
 */

let server: TestServer;
const NEWSLETTER = "/api/ext/voyado-engage-newsletter/subscribe";
const ALERT = "/api/stock/alert";
const mailbox = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.nl`;

beforeAll(async () => {
  // A shop-wide hour of 8 sign-ups and 30 alerts, so the overall limits are reached within the test.
  server = await startTestServer({
    storefront: false,
    env: { NEWSLETTER_SIGNUPS_PER_HOUR: "8", STOCK_ALERTS_PER_HOUR: "30" },
  });
});
afterAll(() => server?.close());

const signUp = (from: string, email: string) =>
  requestFrom(server, from, "POST", `${NEWSLETTER}?email=${encodeURIComponent(email)}`, { email });
const alert = (from: string, email: string) =>
  requestFrom(server, from, "POST", ALERT, { sku: "T-NO-SUCH-SKU", email });

async function delivered(addresses: string[]): Promise<string[]> {
  await server.services.mail.worker.deliverDue();
  const rows = await server.services.database.db
    .select({ to: mailboxMessages.to })
    .from(mailboxMessages)
    .where(inArray(mailboxMessages.to, addresses));
  return rows.map((r) => r.to).sort();
}

function expectTooMany(answer: { status: number; headers: Record<string, unknown>; body: unknown }) {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
  expect(Number(answer.headers["retry-after"])).toBeLessThanOrEqual(3600);
  expect(answer.body).toMatchObject({ code: 429, result: expect.any(String) });
}

describe("newsletter sign-ups (in order: each step spends the shop's hour of 8)", () => {
  const strangers = [mailbox("a"), mailbox("b"), mailbox("c"), mailbox("d")];
  const victim = mailbox("slachtoffer");

  it("one client signs up three mailboxes an hour; the fourth, and any more, are refused", async () => {
    for (const email of strangers.slice(0, 3)) expect((await signUp("127.0.0.2", email)).status).toBe(200);
    expectTooMany(await signUp("127.0.0.2", strangers[3]!));
    // Over its limit, the client is refused for a mailbox it asked before, too.
    expectTooMany(await signUp("127.0.0.2", strangers[0]!));
    // Another client is not held back by it.
    expect((await signUp("127.0.0.3", strangers[3]!)).status).toBe(200);
  });

  it("one mailbox is signed up three times an hour, from whichever clients", async () => {
    for (const from of ["127.0.0.4", "127.0.0.5", "127.0.0.6"])
      expect((await signUp(from, victim)).status).toBe(200);
    expectTooMany(await signUp("127.0.0.7", victim.toUpperCase()));
  });

  it("the shop takes NEWSLETTER_SIGNUPS_PER_HOUR sign-ups an hour from everyone", async () => {
    // 7 taken so far: 4 strangers, the victim's 3.
    const last = [mailbox("e"), mailbox("f")];
    expect((await signUp("127.0.0.8", last[0]!)).status).toBe(200);
    expectTooMany(await signUp("127.0.0.9", last[1]!));
    // The built-in mailbox holds exactly what the limits let through.
    expect(await delivered([...strangers, victim, ...last])).toEqual(
      [...strangers, victim, victim, victim, last[0]!].sort(),
    );
  });
});

describe("back-in-stock alerts", () => {
  it("one client leaves three mailboxes an hour (a shopper's own, for every size); the fourth is refused", async () => {
    const own = mailbox("eigen");
    // 7 of the shop's 30 alerts an hour.
    // Past the limits the request reaches the shop (here: an unknown sku, 404).
    for (let i = 0; i < 5; i++) expect((await alert("127.0.1.2", own)).status).toBe(404);
    expect((await alert("127.0.1.2", mailbox("x"))).status).toBe(404);
    expect((await alert("127.0.1.2", mailbox("y"))).status).toBe(404);
    expectTooMany(await alert("127.0.1.2", mailbox("z")));
  });

  it("one mailbox takes twenty alerts an hour from all clients; the shop STOCK_ALERTS_PER_HOUR", async () => {
    const victim = mailbox("doelwit");
    for (let i = 0; i < 20; i++) expect((await alert(`127.0.2.${i + 1}`, victim)).status).toBe(404);
    expectTooMany(await alert("127.0.2.30", victim));
    // 27 of the shop's 30 are taken; three more pass, then the shop-wide limit answers.
    for (const from of ["127.0.3.1", "127.0.3.2", "127.0.3.3"])
      expect((await alert(from, mailbox("p"))).status).toBe(404);
    expectTooMany(await alert("127.0.3.4", mailbox("q")));
  });
});
