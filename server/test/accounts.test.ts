import http from "node:http";
import { count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginFailures, mailboxMessages } from "../src/db/schema.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

let server: TestServer;
const BASE = "/api/ext/tritonx";
const PASSWORD = "Kaasschaaf-Fietsbel-87";
const run = Math.random().toString(36).slice(2, 8);
const emailFor = (name: string) => `${name}.${run}@example.nl`;

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { PUBLIC_URL: "https://shop.example.nl" } });
});
afterAll(() => server?.close());

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const address = {
  firstname: "Jan",
  lastname: "Jansen",
  street: ["Damrak", "12 A"],
  postcode: "1012ab",
  city: "Amsterdam",
  country_id: "NL",
};

let registrations = 0;
/** A customer, created from an address of its own: the file's sign-ups stay under 20 per address. */
async function register(name: string, password = PASSWORD) {
  const email = emailFor(name);
  const res = await postFrom(`127.0.8.${++registrations}`, `${BASE}/create`, {
    customer: { email, firstname: "Jan", lastname: name },
    password,
  });
  expect(res.status).toBe(200);
  return { email, customer: JSON.parse(res.body).result };
}

async function login(email: string, password = PASSWORD) {
  const res = await server.post(`${BASE}/login`, { username: email, password });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return {
    token: body.result as string,
    refreshToken: body.meta.refreshToken as string,
    expires: body.meta.session_expires as number,
  };
}

async function lastMail(to: string) {
  await server.services.mail.worker.deliverDue();
  const [mail] = await server.services.database.db
    .select()
    .from(mailboxMessages)
    .where(eq(mailboxMessages.to, to))
    .orderBy(desc(mailboxMessages.id))
    .limit(1);
  return mail;
}

describe("create and log in", () => {
  it("creates a customer with a normalised email, once per email in any case", async () => {
    const email = emailFor("Create");
    const res = await server.post(`${BASE}/create`, {
      customer: { email: email.toUpperCase(), firstname: "Jan", lastname: "Jansen", addresses: [address] },
      password: PASSWORD,
    });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.result).toMatchObject({ email: email.toLowerCase(), firstname: "Jan", group_id: 1 });
    expect(body.result.addresses[0]).toMatchObject({ street: ["Damrak", "12 A"], postcode: "1012 AB" });
    expect(body.result.external_id).toMatch(/^[0-9a-f-]{36}$/);
    const welcome = await lastMail(email.toLowerCase());
    expect(welcome?.subject).toBe("Welkom bij Etalage");
  });

  it("answers a sign-up for a taken address as for a new one, and mails the owner instead (issue 31 item 4)", async () => {
    const { email, customer } = await register("taken");
    const fresh = await server.post(`${BASE}/create`, {
      customer: { email: emailFor("vrij"), firstname: "Piet", lastname: "Puk", addresses: [address] },
      password: PASSWORD,
    });
    const again = await server.post(`${BASE}/create`, {
      customer: { email: email.toUpperCase(), firstname: "Piet", lastname: "Puk", addresses: [address] },
      password: "Ander-Wachtwoord-42",
    });
    expect(again.status).toBe(200);
    const answer = (await again.json()).result;
    const freshAnswer = (await fresh.json()).result;
    // The same shape as a new account's, with ids of its own: nothing tells the address is taken.
    expect(Object.keys(answer).sort()).toEqual(Object.keys(freshAnswer).sort());
    expect(answer).toMatchObject({ email, firstname: "Piet", lastname: "Puk", group_id: 1 });
    expect(answer.id).toBeGreaterThan(freshAnswer.id);
    expect(answer.id).not.toBe(customer.id);
    expect(answer.addresses[0]).toMatchObject({ postcode: "1012 AB", customer_id: answer.id });
    // Nothing of it stays: the owner's account is as it was, the password theirs.
    expect(
      (await server.post(`${BASE}/login`, { username: email, password: "Ander-Wachtwoord-42" })).status,
    ).toBe(401);
    const { token } = await login(email);
    expect((await (await server.get(`${BASE}/me`, bearer(token))).json()).result).toMatchObject({
      id: customer.id,
      lastname: "taken",
      addresses: [],
    });
    const mail = await lastMail(email);
    expect(mail?.subject).toBe("Je hebt al een account bij Etalage");
    expect(mail?.text).toContain("Wachtwoord vergeten?");
    // Once an hour at most: the shop cannot be made to mail the owner over and over.
    await server.post(`${BASE}/create`, {
      customer: { email, firstname: "Piet", lastname: "Puk" },
      password: PASSWORD,
    });
    await server.services.mail.worker.deliverDue();
    const mails = await server.services.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.to, email));
    expect(mails.filter((m) => m.subject === "Je hebt al een account bij Etalage")).toHaveLength(1);
  });

  it("refuses passwords against the rule or too easy to guess, naming the field", async () => {
    for (const password of ["kort1A", "alleenkleineletters", "Wachtwoord1"]) {
      const res = await server.post(`${BASE}/create`, {
        customer: { email: emailFor("weak"), firstname: "Jan", lastname: "Jansen" },
        password,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).meta.errors[0].path).toBe("body.password");
    }
  });

  it("logs in with a one-hour token and a refresh token", async () => {
    const { email } = await register("login");
    const before = Math.floor(Date.now() / 1000);
    const { token, refreshToken, expires } = await login(email.toUpperCase());
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(refreshToken).not.toBe(token);
    expect(expires).toBeGreaterThanOrEqual(before + 3599);
    expect(expires).toBeLessThanOrEqual(before + 3601 + 5);
  });

  it("answers an unknown email and a wrong password alike", async () => {
    const { email } = await register("alike");
    const wrong = await server.post(`${BASE}/login`, { username: email, password: "Niet-Het-Wachtwoord-1" });
    const unknown = await server.post(`${BASE}/login`, {
      username: emailFor("nobody"),
      password: "Niet-Het-Wachtwoord-1",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("takes as long for an unknown email as for a wrong password (pairs within a third of a login)", async () => {
    // From an address of its own (127/8 is all loopback), so this file's other logins and this
    // test's stay under the per-address limit of 50 without switching the limit off.
    const from = "127.0.0.2";
    const known: string[] = [];
    for (const name of ["tijd-a", "tijd-b", "tijd-c", "tijd-d", "tijd-e"]) {
      const email = emailFor(name);
      const created = await postFrom(from, `${BASE}/create`, {
        customer: { email, firstname: "Jan", lastname: name },
        password: PASSWORD,
      });
      expect(created.status).toBe(200);
      known.push(email);
    }
    const wrong: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a busy moment of the machine falls on both kinds alike, and in turns first
    // and second, so what a login leaves behind for the next one (its failure row, the hash's
    // memory) weighs on both kinds alike too; 3 tries per known email stay under its 10 failures
    // a quarter. 15 pairs: at 9 a busy machine's outliers moved the medians by a fifth.
    for (let i = 0; i < 15; i++) {
      const wrongPassword = () =>
        postFrom(from, `${BASE}/login`, { username: known[i % known.length], password: "Niet-Het-1!" });
      const unknownEmail = () =>
        postFrom(from, `${BASE}/login`, { username: emailFor(`nooit-${i}`), password: "Niet-Het-1!" });
      // Odd pairs ask the unknown email first.
      const early = i % 2 === 0 ? null : await unknownEmail();
      const a = await wrongPassword();
      const b = early ?? (await unknownEmail());
      expect([a.status, b.status]).toEqual([401, 401]);
      expect(a.body).toBe(b.body);
      wrong.push(a.ms);
      unknown.push(b.ms);
    }
    const [w, u] = [median(wrong), median(unknown)];
    // The gap is read pair by pair (the two logins of a pair ran back to back, so a slow moment of
    // a busy machine, with other test files beside this one, weighs on both): a login that skipped
    // the password hash for an unknown email would still show a gap as large as the hash (~20 ms),
    // three times this bound; at 20 % another file's server beside this one failed it at 4.9 ms.
    const gap = median(wrong.map((ms, i) => ms - unknown[i]!));
    expect(
      Math.abs(gap),
      `medians: wrong password ${w.toFixed(1)} ms, unknown email ${u.toFixed(1)} ms, gap per pair ${gap.toFixed(1)} ms`,
    ).toBeLessThanOrEqual(Math.max(w, u) / 3);
  });

  it("answers 429 with Retry-After after 10 failed logins for one email from one address", async () => {
    const { email } = await register("limit");
    for (let i = 0; i < 10; i++) {
      expect(
        (await server.post(`${BASE}/login`, { username: email, password: "Fout-wachtwoord-9" })).status,
      ).toBe(401);
    }
    const res = await server.post(`${BASE}/login`, { username: email, password: PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("lets ten of twenty wrong passwords sent at once from one address try, and refuses the rest", async () => {
    // Each attempt counts as a failure before its password is checked: read first and written
    // after, all twenty read "no failures yet" and all were tried.
    const { email } = await register("tegelijk");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postFrom("127.0.9.1", `${BASE}/login`, { username: email, password: "Fout-wachtwoord-9" }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  }, 60_000);

  it("does not count a right password as a failure", async () => {
    const { email } = await register("vaak");
    for (let i = 0; i < 11; i++) {
      const res = await postFrom("127.0.9.2", `${BASE}/login`, { username: email, password: PASSWORD });
      expect(res.status).toBe(200);
    }
    const [row] = await server.services.database.db
      .select({ n: count() })
      .from(loginFailures)
      .where(eq(loginFailures.email, email));
    expect(row?.n).toBe(0);
  });

  it("failures from many addresses slow an email's logins down but never lock its owner out (issue 31 item 5)", async () => {
    const { email } = await register("verspreid");
    // Ten wrong passwords from ten addresses, as the probe sent them (written directly: over HTTP
    // they would take the growing delays this test is about).
    await server.services.database.db
      .insert(loginFailures)
      .values(Array.from({ length: 10 }, (_, i) => ({ email, address: `127.0.6.${i + 1}` })));
    // The owner, from an address of their own, with the right password: in, after a wait.
    const owner = await postFrom("127.0.6.50", `${BASE}/login`, { username: email, password: PASSWORD });
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(7_900);
    // One of the guessers' addresses is not refused for the others' failures either.
    const guess = await postFrom("127.0.6.1", `${BASE}/login`, {
      username: email,
      password: "Fout-wachtwoord-9",
    });
    expect(guess.status).toBe(401);
    // Ten failures from one address refuse that address, and only it.
    await server.services.database.db
      .insert(loginFailures)
      .values(Array.from({ length: 9 }, () => ({ email, address: "127.0.6.1" })));
    const refused = await postFrom("127.0.6.1", `${BASE}/login`, { username: email, password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.ms).toBeLessThan(2_000);
  }, 60_000);

  it("answers the 51st login from one address within 15 minutes with a 429 in the envelope", async () => {
    // Unknown emails: no per-email limit interferes. The answer used to be a 500 (the limit's
    // refusal had no message, so it failed the response schema).
    const from = "127.0.0.3";
    for (let i = 0; i < 50; i++) {
      const res = await postFrom(from, `${BASE}/login`, { username: emailFor(`adres${i}`), password: "x" });
      expect(res.status).toBe(401);
    }
    const limited = await postFrom(from, `${BASE}/login`, { username: emailFor("adres50"), password: "x" });
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toEqual({
      code: 429,
      result: "Too many attempts. Try again in a few minutes.",
      meta: { retryAfter: expect.any(Number) },
    });
  });

  it("refuses malformed input with 400 naming the field", async () => {
    const res = await server.post(`${BASE}/login`, { username: "geen-email", password: "x" });
    expect(res.status).toBe(400);
    expect((await res.json()).meta.errors[0].path).toBe("body.username");
    const extra = await server.post(`${BASE}/login`, { username: emailFor("x"), password: "x", admin: true });
    expect(extra.status).toBe(400);
  });
});

describe("profile and addresses", () => {
  it("reads the profile with a bearer header or ?token=, with meta.session_expires", async () => {
    const { email } = await register("me");
    const { token, expires } = await login(email);
    const viaHeader = await server.get(`${BASE}/me`, bearer(token));
    const body = await viaHeader.json();
    expect(body.result.email).toBe(email);
    expect(body.meta.session_expires).toBe(expires);
    const viaQuery = await server.get(`${BASE}/me?token=${encodeURIComponent(token)}`);
    expect((await viaQuery.json()).result.email).toBe(email);
    expect((await server.get(`${BASE}/me`)).status).toBe(401);
    expect((await server.get(`${BASE}/me?token=nonsense`)).status).toBe(401);
  });

  it("updates only names, email and addresses, dropping empty fields", async () => {
    const { email } = await register("update");
    const { token } = await login(email);
    const res = await server.post(
      `${BASE}/me`,
      { customer: { firstname: "Piet", lastname: "", addresses: [address] } },
      bearer(token),
    );
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body.result).toMatchObject({ firstname: "Piet", lastname: "update", email });
    expect(body.result.addresses).toHaveLength(1);
    const cleared = await server.post(`${BASE}/me`, { customer: { addresses: [] } }, bearer(token));
    expect((await cleared.json()).result.addresses).toEqual([]);
    const forbidden = await server.post(`${BASE}/me`, { customer: { group_id: 4 } }, bearer(token));
    expect((await forbidden.json()).result.group_id ?? 1).toBe(1);
  });

  it("a change to another account's address answers as if made, keeps the address, mails its owner (issue 31 item 4)", async () => {
    const owner = await register("eigenaar");
    const { email } = await register("wisselaar");
    const { token } = await login(email);
    const res = await server.post(
      `${BASE}/me`,
      { customer: { email: owner.email.toUpperCase(), firstname: "Kees" } },
      bearer(token),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).result).toMatchObject({ email: owner.email, firstname: "Kees" });
    const me = (await (await server.get(`${BASE}/me`, bearer(token))).json()).result;
    expect(me).toMatchObject({ email, firstname: "Kees" });
    expect((await lastMail(owner.email))?.subject).toBe("Je hebt al een account bij Etalage");
    // A free address still changes.
    const free = emailFor("nieuw-adres");
    await server.post(`${BASE}/me`, { customer: { email: free } }, bearer(token));
    expect((await (await server.get(`${BASE}/me`, bearer(token))).json()).result.email).toBe(free);
  });

  it("adds, edits, defaults and deletes addresses; another customer's id is 404 and untouched", async () => {
    const anna = await register("anna");
    const bram = await register("bram");
    const annaToken = (await login(anna.email)).token;
    const bramToken = (await login(bram.email)).token;
    const added = await (
      await server.post(
        `${BASE}/address`,
        { address: { ...address, default_shipping: true } },
        bearer(annaToken),
      )
    ).json();
    expect(added.result).toMatchObject({ postcode: "1012 AB", default_shipping: true });
    const second = await (
      await server.post(
        `${BASE}/address`,
        { address: { ...address, city: "Utrecht", postcode: "3511 AA", default_shipping: true } },
        bearer(annaToken),
      )
    ).json();
    const me = await (await server.get(`${BASE}/me`, bearer(annaToken))).json();
    expect(me.result.addresses.map((a: { default_shipping: boolean }) => a.default_shipping)).toEqual([
      false,
      true,
    ]);

    const edited = await server.post(
      `${BASE}/address`,
      { address: { ...address, id: added.result.id, city: "Haarlem", postcode: "2011 AA" } },
      bearer(annaToken),
    );
    expect((await edited.json()).result.city).toBe("Haarlem");

    const swapEdit = await server.post(
      `${BASE}/address`,
      { address: { ...address, id: added.result.id, city: "Gestolen" } },
      bearer(bramToken),
    );
    expect(swapEdit.status).toBe(404);
    const swapDelete = await server.get(`${BASE}/address`, {
      method: "DELETE",
      headers: { "content-type": "application/json", authorization: `Bearer ${bramToken}` },
      body: JSON.stringify({ address_id: second.result.id }),
    });
    expect(swapDelete.status).toBe(404);
    const after = await (await server.get(`${BASE}/me`, bearer(annaToken))).json();
    expect(after.result.addresses.map((a: { city: string }) => a.city)).toEqual(["Haarlem", "Utrecht"]);

    const deleted = await server.get(`${BASE}/address`, {
      method: "DELETE",
      headers: { "content-type": "application/json", authorization: `Bearer ${annaToken}` },
      body: JSON.stringify({ user_id: anna.customer.id, address_id: second.result.id }),
    });
    expect(await deleted.json()).toMatchObject({ code: 200, result: { address_id: second.result.id } });
  });

  it("refuses a Dutch address without a valid postcode or house number", async () => {
    const { email } = await register("badaddress");
    const { token } = await login(email);
    const res = await server.post(
      `${BASE}/address`,
      { address: { ...address, postcode: "12345", street: ["Damrak", ""] } },
      bearer(token),
    );
    expect(res.status).toBe(400);
    const paths = (await res.json()).meta.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["body.address.postcode", "body.address.street[1]"]));
  });

  it("has no orders until the checkout makes them", async () => {
    const { email } = await register("orders");
    const { token } = await login(email);
    const history = await (
      await server.get(`${BASE}/order-history?pageSize=20&currentPage=1`, bearer(token))
    ).json();
    expect(history.result).toEqual({ items: [], total_count: 0 });
    expect((await server.get(`${BASE}/orders/100000001`, bearer(token))).status).toBe(404);
    expect((await server.get(`${BASE}/order-history?pageSize=0`, bearer(token))).status).toBe(400);
  });
});

describe("tokens", () => {
  it("rotates refresh tokens; a replayed one revokes the whole login", async () => {
    const { email } = await register("rotate");
    const first = await login(email);
    const res = await server.post(`${BASE}/refresh`, { refreshToken: first.refreshToken });
    const second = await res.json();
    expect(res.status).toBe(200);
    expect(second.meta.refreshToken).not.toBe(first.refreshToken);
    expect((await server.get(`${BASE}/me`, bearer(second.result))).status).toBe(200);

    const replay = await server.post(`${BASE}/refresh`, { refreshToken: first.refreshToken });
    expect(replay.status).toBe(401);
    expect((await server.get(`${BASE}/me`, bearer(second.result))).status).toBe(401);
    expect((await server.post(`${BASE}/refresh`, { refreshToken: second.meta.refreshToken })).status).toBe(
      401,
    );
  });

  it("logs out one login and leaves the others", async () => {
    const { email } = await register("logout");
    const phone = await login(email);
    const laptop = await login(email);
    const res = await server.post(`${BASE}/logout`, {}, bearer(phone.token));
    expect(res.status).toBe(200);
    expect((await server.get(`${BASE}/me`, bearer(phone.token))).status).toBe(401);
    expect((await server.get(`${BASE}/me`, bearer(laptop.token))).status).toBe(200);
  });

  it("gives a logged-in customer their own cart, the same on every device", async () => {
    const { email } = await register("cart");
    const phone = await login(email);
    const laptop = await login(email);
    const a = await (await server.post(`/api/ext/tritonx/cart/create`, {}, bearer(phone.token))).json();
    const b = await (await server.post(`/api/ext/tritonx/cart/create?token=${laptop.token}`, {})).json();
    expect(a.result).toBe(b.result);
    expect(a.meta.session_expires).toBe(phone.expires);
  });
});

describe("passwords", () => {
  it("changes the password, keeps this login and revokes the others", async () => {
    const { email } = await register("change");
    const here = await login(email);
    const elsewhere = await login(email);
    const wrong = await server.post(
      `${BASE}/change-password`,
      { currentPassword: "Fout-wachtwoord-9", newPassword: "Nieuwe-Zomerjas-42" },
      bearer(here.token),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).meta.errorMessage).toBeTruthy();
    const res = await server.post(
      `${BASE}/change-password`,
      { currentPassword: PASSWORD, newPassword: "Nieuwe-Zomerjas-42" },
      bearer(here.token),
    );
    expect(res.status).toBe(200);
    expect((await server.get(`${BASE}/me`, bearer(here.token))).status).toBe(200);
    expect((await server.get(`${BASE}/me`, bearer(elsewhere.token))).status).toBe(401);
    await login(email, "Nieuwe-Zomerjas-42");
    expect((await lastMail(email))?.subject).toBe("Je wachtwoord is gewijzigd");
  });

  it("resets a password through the mailed link, once", async () => {
    const { email } = await register("reset");
    const session = await login(email);
    const unknown = await server.post(`${BASE}/reset-password`, { email: emailFor("unknown") });
    const known = await server.post(`${BASE}/reset-password`, { email });
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());

    const mail = await lastMail(email);
    expect(mail?.subject).toBe("Herstel je wachtwoord");
    const link = new URL(/https:\/\/shop\.example\.nl\/password\/reset\?\S+/.exec(mail!.text)![0]);
    const resetToken = link.searchParams.get("token")!;
    expect(Buffer.from(resetToken, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(link.searchParams.get("email")).toBe(email);

    const foreign = await server.post(`${BASE}/create-password`, {
      email: emailFor("other"),
      resetToken,
      newPassword: "Herfst-Wandeling-77",
    });
    expect(foreign.status).toBe(400);
    const ok = await server.post(`${BASE}/create-password`, {
      email,
      resetToken,
      newPassword: "Herfst-Wandeling-77",
    });
    expect(ok.status).toBe(200);
    const again = await server.post(`${BASE}/create-password`, {
      email,
      resetToken,
      newPassword: "Winter-Wandeling-78",
    });
    expect(again.status).toBe(400);
    expect((await again.json()).meta.errors[0].path).toBe("body.resetToken");
    expect((await server.get(`${BASE}/me`, bearer(session.token))).status).toBe(401);
    await login(email, "Herfst-Wandeling-77");
  });

  it("mails at most 3 reset links per email per hour, answering 200 throughout", async () => {
    const { email } = await register("resets");
    for (let i = 0; i < 5; i++)
      expect((await server.post(`${BASE}/reset-password`, { email })).status).toBe(200);
    await server.services.mail.worker.deliverDue();
    const mails = await server.services.database.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.to, email));
    expect(mails.filter((m) => m.subject === "Herstel je wachtwoord")).toHaveLength(3);
  });
});

/** A JSON POST from a given loopback address, timed from request to the last byte of the answer. */
function postFrom(
  localAddress: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: string; ms: number }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}${path}`,
      {
        method: "POST",
        localAddress,
        agent: false,
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
