import http from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerPasskeys, passkeyChallenges } from "../src/db/schema.ts";
import { purgePasskeyChallenges } from "../src/services/accounts/webauthn.ts";
import { assert, createPasskey, type SoftPasskey } from "./helpers/software-authenticator.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/** Passkeys (issue 12, beyond the spec), with real WebAuthn answers from a software authenticator. */

const BASE = "/api/ext/tritonx";
const PASSKEYS = `${BASE}/passkeys`;
const PASSWORD = "Kaasschaaf-Fietsbel-87";
const RP_ID = "shop.example.nl";
const ORIGIN = "https://shop.example.nl";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const run = Math.random().toString(36).slice(2, 8);

let server: TestServer;
let named: TestServer;

beforeAll(async () => {
  [server, named] = await Promise.all([
    startTestServer({ storefront: false, env: { PASSKEY_RP_ID: RP_ID, PASSKEY_ORIGIN: ORIGIN } }),
    // No configuration: the relying party comes from the Host of each request.
    startTestServer({ storefront: false }),
  ]);
});
afterAll(() => Promise.all([server?.close(), named?.close()]));

/** What fetch's `json()` gives: the tests read answers by their shape. */
type Json = Awaited<ReturnType<Response["json"]>>;

interface Answer {
  status: number;
  body: { code: number; result: Json; meta?: Json };
}

async function call(
  target: TestServer,
  method: string,
  path: string,
  { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(target.url + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** A request with its own Host header (fetch may not set one), from `localAddress` when given. */
function withHost(
  target: TestServer,
  path: string,
  host: string,
  body: unknown,
  localAddress?: string,
): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      target.url + path,
      {
        method: "POST",
        agent: false,
        ...(localAddress ? { localAddress } : {}),
        headers: {
          host,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(payload)),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function customer(name: string, target = server) {
  const email = `${name.toLowerCase()}.${run}@example.nl`;
  const created = await call(target, "POST", `${BASE}/create`, {
    body: { customer: { email, firstname: "Jan", lastname: name }, password: PASSWORD },
  });
  expect(created.status).toBe(200);
  const login = await call(target, "POST", `${BASE}/login`, {
    body: { username: email, password: PASSWORD },
  });
  expect(login.status).toBe(200);
  return { email, id: created.body.result.id as number, token: login.body.result as string };
}

async function addPasskey(token: string, target = server, origin = ORIGIN) {
  const options = await call(target, "POST", `${PASSKEYS}/register-options`, { token, body: {} });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const { passkey, response } = createPasskey(options.body.result, origin);
  const added = await call(target, "POST", `${PASSKEYS}/register`, {
    token,
    body: { credential: response },
    headers: { "user-agent": ANDROID_CHROME },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { passkey, added: added.body.result as { id: number; name: string } };
}

async function loginOptions(target = server) {
  const options = await call(target, "POST", `${PASSKEYS}/login-options`, { body: {} });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return options.body.result as { challenge: string; rpId: string };
}

async function passkeyLogin(passkey: SoftPasskey, settings?: Parameters<typeof assert>[3], origin = ORIGIN) {
  const credential = assert(passkey, await loginOptions(), origin, settings);
  return { credential, answer: await call(server, "POST", `${PASSKEYS}/login`, { body: { credential } }) };
}

describe("adding a passkey and logging in with it", () => {
  it("adds a passkey to the account, named after the browser, and lists it without its key", async () => {
    const jan = await customer("Toevoegen");
    const options = await call(server, "POST", `${PASSKEYS}/register-options`, {
      token: jan.token,
      body: {},
    });
    expect(options.status).toBe(200);
    expect(options.body.meta.session_expires).toBeGreaterThan(Date.now() / 1000);
    expect(options.body.result).toMatchObject({
      rp: { id: RP_ID, name: "Etalage" },
      user: { name: jan.email, displayName: "Jan Toevoegen" },
      attestation: "none",
      excludeCredentials: [],
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    // The user handle is the customer's external id, not the email or the row id.
    const profile = await call(server, "GET", `${BASE}/me`, { token: jan.token });
    expect(Buffer.from(options.body.result.user.id, "base64url").toString()).toBe(
      profile.body.result.external_id,
    );

    const { passkey, response } = createPasskey(options.body.result, ORIGIN);
    const added = await call(server, "POST", `${PASSKEYS}/register`, {
      token: jan.token,
      body: { credential: response },
      headers: { "user-agent": ANDROID_CHROME },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.result).toEqual({
      id: expect.any(Number),
      name: expect.stringMatching(/^Passkey op Chrome \(Android\), \d{2}-\d{2}-\d{4}$/),
      created_at: expect.any(String),
      last_used_at: null,
      transports: ["internal"],
    });
    const list = await call(server, "GET", PASSKEYS, { token: jan.token });
    expect(list.body.result).toEqual([added.body.result]);
    expect(JSON.stringify(list.body)).not.toContain("public");

    // The same device is told not to make a second passkey for the account.
    const again = await call(server, "POST", `${PASSKEYS}/register-options`, { token: jan.token, body: {} });
    expect(again.body.result.excludeCredentials).toEqual([
      { id: passkey.id, type: "public-key", transports: ["internal"] },
    ]);
  });

  it("logs in with the passkey and answers exactly as the password login does", async () => {
    const jan = await customer("Inloggen");
    const { passkey } = await addPasskey(jan.token);
    const options = await loginOptions();
    expect(options).toMatchObject({ rpId: RP_ID, userVerification: "required" });
    expect(options).not.toHaveProperty("allowCredentials.0");

    const credential = assert(passkey, options, ORIGIN);
    const login = await call(server, "POST", `${PASSKEYS}/login`, { body: { credential } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const password = await call(server, "POST", `${BASE}/login`, {
      body: { username: jan.email, password: PASSWORD },
    });
    expect(Object.keys(login.body).sort()).toEqual(Object.keys(password.body).sort());
    expect(Object.keys(login.body.meta).sort()).toEqual(["refreshToken", "session_expires"]);
    expect(login.body.result).toMatch(/^[\w-]{43}$/);

    const me = await call(server, "GET", `${BASE}/me`, { token: login.body.result });
    expect(me.body.result.email).toBe(jan.email);
    // The refresh token works as one from a password login.
    const refreshed = await call(server, "POST", `${BASE}/refresh`, {
      body: { refreshToken: login.body.meta.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const [listed] = (await call(server, "GET", PASSKEYS, { token: jan.token })).body.result;
    expect(listed.last_used_at).not.toBeNull();
  });

  it("takes a passkey whose counter stays at 0, as synced passkeys keep none", async () => {
    const jan = await customer("Teller");
    const { passkey } = await addPasskey(jan.token);
    expect((await passkeyLogin(passkey, { step: 0 })).answer.status).toBe(200);
    expect((await passkeyLogin(passkey, { step: 0 })).answer.status).toBe(200);
  });
});

describe("what a passkey login refuses", () => {
  it("refuses a replayed challenge, and a challenge of another ceremony", async () => {
    const jan = await customer("Herhaling");
    const { passkey } = await addPasskey(jan.token);
    const { credential, answer } = await passkeyLogin(passkey);
    expect(answer.status).toBe(200);
    const replay = await call(server, "POST", `${PASSKEYS}/login`, { body: { credential } });
    expect(replay.status).toBe(401);
    expect(replay.body.meta.errors).toEqual([
      {
        path: "body.credential.response.clientDataJSON",
        message: "This passkey request has expired. Please try again.",
      },
    ]);

    // A registration's challenge does not log anyone in.
    const registration = await call(server, "POST", `${PASSKEYS}/register-options`, {
      token: jan.token,
      body: {},
    });
    const crossed = assert(passkey, { challenge: registration.body.result.challenge }, ORIGIN);
    expect((await call(server, "POST", `${PASSKEYS}/login`, { body: { credential: crossed } })).status).toBe(
      401,
    );
  });

  it("refuses a challenge older than 5 minutes", async () => {
    const jan = await customer("Verlopen");
    const { passkey } = await addPasskey(jan.token);
    const options = await loginOptions();
    await server.services.database.db
      .update(passkeyChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passkeyChallenges.challenge, options.challenge));
    const credential = assert(passkey, options, ORIGIN);
    const answer = await call(server, "POST", `${PASSKEYS}/login`, { body: { credential } });
    expect(answer.status).toBe(401);
    expect(answer.body.result).toMatch(/expired/);
  });

  it("refuses a counter that goes backwards or stands still (a cloned key)", async () => {
    const jan = await customer("Kloon");
    const { passkey } = await addPasskey(jan.token);
    expect((await passkeyLogin(passkey, { step: 5 })).answer.status).toBe(200);
    const backwards = await passkeyLogin(passkey, { step: -2 });
    expect(backwards.answer.status).toBe(401);
    expect(backwards.answer.body.meta.errors[0]).toEqual({
      path: "body.credential",
      message: "The passkey could not be verified",
    });
    passkey.counter = 5;
    expect((await passkeyLogin(passkey, { step: 0 })).answer.status).toBe(401);
    const [row] = await server.services.database.db
      .select({ counter: customerPasskeys.counter })
      .from(customerPasskeys)
      .where(eq(customerPasskeys.credentialId, passkey.id));
    expect(row?.counter).toBe(5);
    expect((await passkeyLogin(passkey, { step: 1 })).answer.status).toBe(200);
  });

  it("refuses a signature by another key, another origin and a missing user verification", async () => {
    const jan = await customer("Vals");
    const { passkey } = await addPasskey(jan.token);
    const { passkey: other } = await addPasskey((await customer("Ander")).token);
    const forged = { ...other, id: passkey.id, userHandle: passkey.userHandle };
    expect((await passkeyLogin(forged)).answer.status).toBe(401);
    expect((await passkeyLogin(passkey, {}, "https://shop.example.nl.evil.example")).answer.status).toBe(401);
    expect((await passkeyLogin(passkey, { flags: 0x01 })).answer.status).toBe(401);
    // Another customer's user handle on this passkey.
    const swapped = { ...passkey, userHandle: other.userHandle };
    expect((await passkeyLogin(swapped)).answer.status).toBe(401);
    expect((await passkeyLogin(passkey)).answer.status).toBe(200);
  });

  it("tells an unknown passkey apart", async () => {
    const jan = await customer("Onbekend");
    const { passkey } = await addPasskey(jan.token);
    const stranger = { ...passkey, id: Buffer.from("niet-bestaand").toString("base64url") };
    const { answer } = await passkeyLogin(stranger);
    expect(answer.status).toBe(401);
    expect(answer.body.meta.errors[0]).toEqual({
      path: "body.credential.id",
      message: "This passkey is not known to us. Log in with your password and add it again.",
    });
  });

  it("refuses malformed answers with a 400 that names the field", async () => {
    const options = await loginOptions();
    const jan = await customer("Vorm");
    const { passkey } = await addPasskey(jan.token);
    const good = assert(passkey, options, ORIGIN);
    const cases: [unknown, string][] = [
      [{ ...good, type: "password" }, "body.credential.type"],
      [
        { ...good, response: { ...good.response, clientDataJSON: "niet+base64" } },
        "body.credential.response.clientDataJSON",
      ],
      [
        { ...good, response: { ...good.response, clientDataJSON: "e30" } },
        "body.credential.response.clientDataJSON",
      ],
      [{ ...good, response: { ...good.response, extra: "x" } }, "body.credential.response"],
      [{ ...good, id: "" }, "body.credential.id"],
      [
        { ...good, response: { ...good.response, signature: "A".repeat(3000) } },
        "body.credential.response.signature",
      ],
    ];
    for (const [credential, path] of cases) {
      const answer = await call(server, "POST", `${PASSKEYS}/login`, { body: { credential } });
      expect(answer.status, path).toBe(400);
      expect(answer.body.meta.errors[0].path, JSON.stringify(answer.body)).toBe(path);
    }
    // Still unused: the challenge is taken only by an answer that parses.
    expect((await call(server, "POST", `${PASSKEYS}/login`, { body: { credential: good } })).status).toBe(
      200,
    );
  });
});

describe("a customer's own passkeys", () => {
  it("needs the customer's token to add, list or remove one", async () => {
    expect((await call(server, "POST", `${PASSKEYS}/register-options`, { body: {} })).status).toBe(401);
    expect((await call(server, "GET", PASSKEYS)).status).toBe(401);
    expect((await call(server, "DELETE", `${PASSKEYS}/1`)).status).toBe(401);
  });

  it("never removes another customer's passkey: its id answers as one that does not exist", async () => {
    const anna = await customer("Anna");
    const bert = await customer("Bert");
    const { passkey, added } = await addPasskey(anna.token);
    const swapped = await call(server, "DELETE", `${PASSKEYS}/${added.id}`, { token: bert.token });
    expect(swapped.status).toBe(404);
    expect(swapped.body.meta.errors[0]).toEqual({ path: "params.id", message: "Passkey not found" });
    expect((await call(server, "GET", PASSKEYS, { token: bert.token })).body.result).toEqual([]);
    expect((await call(server, "GET", PASSKEYS, { token: anna.token })).body.result).toHaveLength(1);
    expect((await passkeyLogin(passkey)).answer.status).toBe(200);

    const removed = await call(server, "DELETE", `${PASSKEYS}/${added.id}`, { token: anna.token });
    expect(removed.status).toBe(200);
    expect(removed.body.result).toEqual({ id: added.id });
    expect((await call(server, "DELETE", `${PASSKEYS}/${added.id}`, { token: anna.token })).status).toBe(404);
    expect((await passkeyLogin(passkey)).answer.status).toBe(401);
    expect(
      (await call(server, "DELETE", `${PASSKEYS}/abc`, { token: anna.token })).body.meta.errors[0].path,
    ).toBe("params.id");
  });

  it("binds a registration challenge to the customer who asked for it, once", async () => {
    const anna = await customer("Binding");
    const bert = await customer("Kaper");
    const options = await call(server, "POST", `${PASSKEYS}/register-options`, {
      token: anna.token,
      body: {},
    });
    const { response } = createPasskey(options.body.result, ORIGIN);
    const stolen = await call(server, "POST", `${PASSKEYS}/register`, {
      token: bert.token,
      body: { credential: response },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.meta.errors[0].path).toBe("body.credential.response.clientDataJSON");
    const own = await call(server, "POST", `${PASSKEYS}/register`, {
      token: anna.token,
      body: { credential: response },
    });
    expect(own.status).toBe(200);
    const twice = await call(server, "POST", `${PASSKEYS}/register`, {
      token: anna.token,
      body: { credential: response },
    });
    expect(twice.status).toBe(400);
  });

  it("refuses a registration signed for another origin or without user verification", async () => {
    const jan = await customer("Registratie");
    for (const [origin, flags] of [
      ["https://evil.example", 0x05],
      [ORIGIN, 0x01],
    ] as const) {
      const options = await call(server, "POST", `${PASSKEYS}/register-options`, {
        token: jan.token,
        body: {},
      });
      const { response } = createPasskey(options.body.result, origin, flags);
      const answer = await call(server, "POST", `${PASSKEYS}/register`, {
        token: jan.token,
        body: { credential: response },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.meta.errors[0]).toEqual({
        path: "body.credential",
        message: "The passkey could not be verified",
      });
    }
    expect((await call(server, "GET", PASSKEYS, { token: jan.token })).body.result).toEqual([]);
  });
});

describe("the relying party", () => {
  it("refuses a ceremony on an IP address, saying why", async () => {
    const answer = await call(named, "POST", `${PASSKEYS}/login-options`, { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.meta.errors[0]).toEqual({
      path: "headers.host",
      message:
        "Passkeys only work when the shop is opened by its name (such as localhost), not by an IP address.",
    });
    expect((await withHost(named, `${PASSKEYS}/login-options`, "[::1]:3000", {})).status).toBe(400);
  });

  it("takes the RP ID and origin from the Host when none is configured", async () => {
    const port = new URL(named.url).port;
    const host = `localhost:${port}`;
    const origin = `http://${host}`;
    const jan = await customer("Localhost", named);
    const options = await new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        `${named.url}${PASSKEYS}/register-options`,
        {
          method: "POST",
          agent: false,
          headers: { host, authorization: `Bearer ${jan.token}`, "content-type": "application/json" },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
          );
        },
      );
      req.on("error", reject);
      req.end("{}");
    });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    expect(options.body.result.rp.id).toBe("localhost");
    const { passkey, response } = createPasskey(options.body.result, origin);
    expect(
      (
        await call(named, "POST", `${PASSKEYS}/register`, {
          token: jan.token,
          body: { credential: response },
        })
      ).status,
    ).toBe(200);
    const login = await withHost(named, `${PASSKEYS}/login-options`, host, {});
    expect(login.body.result.rpId).toBe("localhost");
    const credential = assert(passkey, login.body.result, origin);
    const answer = await call(named, "POST", `${PASSKEYS}/login`, { body: { credential } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Signed at localhost, the passkey is no good on another host name.
    const elsewhere = await withHost(named, `${PASSKEYS}/login-options`, `shop.test:${port}`, {});
    const moved = assert(passkey, elsewhere.body.result, `http://shop.test:${port}`);
    expect((await call(named, "POST", `${PASSKEYS}/login`, { body: { credential: moved } })).status).toBe(
      401,
    );
  });

  it("limits passkey logins per address as the password login is limited", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      statuses.push(
        (await withHost(server, `${PASSKEYS}/login-options`, "shop.example.nl", {}, "127.0.0.77")).status,
      );
    }
    expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true);
    const limited = await withHost(server, `${PASSKEYS}/login-options`, "shop.example.nl", {}, "127.0.0.77");
    expect(limited.status, JSON.stringify(limited.body)).toBe(429);
    expect(limited.body).toMatchObject({
      code: 429,
      result: "Too many attempts. Try again in a few minutes.",
    });
  });
});

describe("privacy", () => {
  it("lists passkeys in the data download without keys, and erases them with the account", async () => {
    const jan = await customer("Privacy");
    const { passkey, added } = await addPasskey(jan.token);
    const data = await call(server, "GET", `${BASE}/me/data`, { token: jan.token });
    expect(data.body.result.passkeys).toEqual([expect.objectContaining({ id: added.id, name: added.name })]);
    const [row] = await server.services.database.db
      .select({ publicKey: customerPasskeys.publicKey })
      .from(customerPasskeys)
      .where(eq(customerPasskeys.id, added.id));
    expect(JSON.stringify(data.body)).not.toContain(row!.publicKey);

    await call(server, "POST", `${PASSKEYS}/register-options`, { token: jan.token, body: {} });
    const erased = await call(server, "POST", `${BASE}/me/delete`, {
      token: jan.token,
      body: { password: PASSWORD },
    });
    expect(erased.status).toBe(200);
    const db = server.services.database.db;
    expect(await db.select().from(customerPasskeys).where(eq(customerPasskeys.customerId, jan.id))).toEqual(
      [],
    );
    expect(await db.select().from(passkeyChallenges).where(eq(passkeyChallenges.customerId, jan.id))).toEqual(
      [],
    );
    const { answer } = await passkeyLogin(passkey);
    expect(answer.status).toBe(401);
    expect(answer.body.meta.errors[0].path).toBe("body.credential.id");
  });

  it("drops challenges nobody answered once they expire", async () => {
    const options = await loginOptions();
    const db = server.services.database.db;
    const later = new Date(Date.now() + 5 * 60 * 1000 + 1000);
    expect(await purgePasskeyChallenges(db, later)).toBeGreaterThan(0);
    expect(
      await db.select().from(passkeyChallenges).where(eq(passkeyChallenges.challenge, options.challenge)),
    ).toEqual([]);
  });
});
