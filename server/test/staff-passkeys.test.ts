import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assert, createPasskey, type SoftPasskey } from "./helpers/software-authenticator.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/**
 * Staff's second factors beyond the invitation (issue 25, docs/decisions/0043): passkeys added
 * on the security page and used at the login's second step, TOTP enrolled later, and the rules
 * for removing one; real WebAuthn answers from the software authenticator.
 */

const ADMIN_TOKEN = "staff-passkeys-admin-token-0123";
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const PASSWORD = "Beheer-Sleutel-Wachtwoord-2026!";
const RP_ID = "shop.example.nl";
const ORIGIN = "https://shop.example.nl";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
/** Without user verification: the authenticator saw someone, but did not check who. */
const PRESENT_ONLY = 0x01;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    storefront: false,
    env: { ADMIN_TOKEN, PASSKEY_RP_ID: RP_ID, PASSKEY_ORIGIN: ORIGIN },
  });
});
afterAll(() => server?.close());

type Json = Awaited<ReturnType<Response["json"]>>;
interface Session {
  cookie: string;
  csrf: string;
}

const unique = (name: string) => `${name}-${randomUUID()}@etalage.nl`;
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
const cookieOf = (res: Response) =>
  /etalage_staff=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Json, res };
}

const as = (s: Session | { cookie: string }, extra: Record<string, string> = {}) => ({
  cookie: `etalage_staff=${s.cookie}`,
  ...("csrf" in s ? { "x-csrf-token": s.csrf } : {}),
  ...extra,
});

/** An activated account, TOTP enrolled at the invitation when `totp`. */
async function member(role: string, totp: boolean) {
  const email = unique(role);
  const invited = await call("POST", "/api/admin/staff", { email, role }, admin);
  expect(invited.status).toBe(200);
  const token = new URL(invited.body.result.invitation_url).searchParams.get("token")!;
  const view = (await call("GET", `/api/beheer/invitation?token=${token}`)).body.result;
  const secret = view.totp.secret as string;
  const accepted = await call("POST", "/api/beheer/invitation", {
    token,
    password: PASSWORD,
    ...(totp ? { totp_code: codeFor(secret) } : {}),
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { email, secret };
}

function login(email: string) {
  return call("POST", "/api/beheer/login", { email, password: PASSWORD });
}

/** Signs in with the password alone (a member with no second factor) or with the code. */
async function signIn(who: { email: string; secret: string }, steps = 1): Promise<Session> {
  const first = await login(who.email);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  if (first.body.result.step === "done")
    return { cookie: cookieOf(first.res), csrf: first.body.result.csrf_token };
  const second = await call("POST", "/api/beheer/login/totp", {
    challenge: first.body.result.challenge,
    code: codeFor(who.secret, steps),
  });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return { cookie: cookieOf(second.res), csrf: second.body.result.csrf_token };
}

async function addPasskey(s: Session): Promise<{ passkey: SoftPasskey; added: Json }> {
  const options = await call("POST", "/api/beheer/security/passkeys/options", {}, as(s));
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const { passkey, response } = createPasskey(options.body.result, ORIGIN);
  const added = await call(
    "POST",
    "/api/beheer/security/passkeys",
    { credential: response },
    as(s, { "user-agent": ANDROID_CHROME }),
  );
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { passkey, added: added.body.result };
}

async function audit(email: string) {
  const { rows } = await server.services.database.db.execute<{
    action: string;
    details: Record<string, string> | null;
  }>(`select action, details from staff_audit where actor = '${email}' order by id`);
  return rows;
}

describe("passkeys as the second factor", () => {
  it("adds a passkey on the security page; the login then asks for it, and password + passkey sign in", async () => {
    const who = await member("redacteur", false);
    const s = await signIn(who);
    const before = await call("GET", "/api/beheer/security", undefined, as(s));
    expect(before.body.result).toEqual({
      totp: false,
      totp_offer: null,
      passkeys: [],
      may_remove_passkey: false,
    });

    // A change needs the session's CSRF token.
    expect(
      (await call("POST", "/api/beheer/security/passkeys/options", {}, as({ cookie: s.cookie }))).status,
    ).toBe(403);
    const options = await call("POST", "/api/beheer/security/passkeys/options", {}, as(s));
    expect(options.body.result).toMatchObject({
      rp: { id: RP_ID, name: "Etalage beheer" },
      user: { name: who.email },
      authenticatorSelection: { userVerification: "required" },
    });
    const { passkey, response } = createPasskey(options.body.result, ORIGIN);
    expect(
      (
        await call(
          "POST",
          "/api/beheer/security/passkeys",
          { credential: response },
          as({ cookie: s.cookie }),
        )
      ).status,
    ).toBe(403);
    const added = await call(
      "POST",
      "/api/beheer/security/passkeys",
      { credential: response },
      as(s, { "user-agent": ANDROID_CHROME }),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.result.name).toMatch(/^Passkey op Chrome \(Android\), \d{2}-\d{2}-\d{4}$/);
    expect(added.body.result).not.toHaveProperty("publicKey");
    // Sent again (a retry after a lost answer), it answers the same passkey and adds nothing.
    const again = await call("POST", "/api/beheer/security/passkeys", { credential: response }, as(s));
    expect(again.body.result.id).toBe(added.body.result.id);
    const after = (await call("GET", "/api/beheer/security", undefined, as(s))).body.result;
    expect(after.passkeys).toHaveLength(1);
    expect(after.may_remove_passkey).toBe(true);

    const first = await login(who.email);
    expect(first.body.result).toMatchObject({ step: "second_factor", totp: false });
    expect(first.res.headers.get("set-cookie")).toBeNull();
    const request = first.body.result.passkey;
    expect(request.rpId).toBe(RP_ID);
    expect(request.userVerification).toBe("required");
    expect(request.allowCredentials.map((c: { id: string }) => c.id)).toEqual([passkey.id]);
    // The code step does not open a login that asks for a passkey.
    expect(
      (
        await call("POST", "/api/beheer/login/totp", {
          challenge: first.body.result.challenge,
          code: "123456",
        })
      ).status,
    ).toBe(401);
    const credential = assert(passkey, request, ORIGIN);
    const second = await call("POST", "/api/beheer/login/passkey", {
      challenge: first.body.result.challenge,
      credential,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.result).toMatchObject({ step: "done", staff: { email: who.email } });
    const session = await call("GET", "/api/beheer/session", undefined, as({ cookie: cookieOf(second.res) }));
    expect(session.status).toBe(200);

    const actions = (await audit(who.email)).map((r) => r.action);
    expect(actions).toContain("staff.passkey_added");
    expect(actions.filter((a) => a === "staff.passkey_added")).toHaveLength(1);
    expect(actions.at(-1)).toBe("staff.login");
    const { rows } = await server.services.database.db.execute<{ last_used_at: string | null }>(
      `select last_used_at from staff_passkeys where credential_id = '${passkey.id}'`,
    );
    expect(rows[0]?.last_used_at).not.toBeNull();
  });

  it("refuses a wrong, unverified, replayed or cloned assertion and another member's passkey, each a failed login", async () => {
    const who = await member("klantenservice", false);
    const mine = await addPasskey(await signIn(who));
    const other = await addPasskey(await signIn(await member("klantenservice", false)));
    const first = (await login(who.email)).body.result;
    const send = (credential: unknown, challenge = first.challenge) =>
      call("POST", "/api/beheer/login/passkey", { challenge, credential });

    const elsewhere = await send(assert(mine.passkey, first.passkey, "https://evil.example"));
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.meta.errors[0].path).toBe("body.credential");
    // Another member's passkey, even one that signs this challenge correctly.
    expect((await send(assert(other.passkey, first.passkey, ORIGIN))).status).toBe(401);
    expect((await send(assert(mine.passkey, first.passkey, ORIGIN, { flags: PRESENT_ONLY }))).status).toBe(
      401,
    );
    const good = assert(mine.passkey, first.passkey, ORIGIN);
    expect((await send(good)).status).toBe(200);
    // The login challenge is spent; the same answer on a new login signed another challenge.
    expect((await send(good)).status).toBe(401);
    const next = (await login(who.email)).body.result;
    expect((await send(good, next.challenge)).status).toBe(401);
    // A counter that goes back betrays a cloned key.
    expect(
      (await send(assert(mine.passkey, next.passkey, ORIGIN, { step: -1 }), next.challenge)).status,
    ).toBe(401);
    expect((await send(assert(mine.passkey, next.passkey, ORIGIN, { step: 2 }), next.challenge)).status).toBe(
      200,
    );

    const reasons = (await audit(who.email))
      .filter((r) => r.action === "staff.login_failed")
      .map((r) => r.details?.reason);
    expect(reasons).toEqual(["passkey", "passkey-unknown", "passkey", "passkey", "passkey"]);
    const { rows } = await server.services.database.db.execute<{ n: number }>(
      `select count(*)::int as n from staff_login_failures where email = '${who.email}'`,
    );
    expect(Number(rows[0]?.n)).toBe(5);
  });

  it("offers the code and the passkey alike to one who has both, and a customer's passkey login knows no staff passkey", async () => {
    const who = await member("beheerder", true);
    // The code of the step before now, so the one of now is still unused for the login below.
    const { passkey } = await addPasskey(await signIn(who, -1));
    const first = (await login(who.email)).body.result;
    expect(first).toMatchObject({ step: "second_factor", totp: true });
    expect(first.passkey.allowCredentials).toHaveLength(1);
    const options = await call("POST", "/api/ext/tritonx/passkeys/login-options", {});
    const customer = await call("POST", "/api/ext/tritonx/passkeys/login", {
      credential: assert(passkey, options.body.result, ORIGIN),
    });
    expect(customer.status).toBe(401);
    expect(
      (
        await call("POST", "/api/beheer/login/totp", {
          challenge: first.challenge,
          code: codeFor(who.secret),
        })
      ).status,
    ).toBe(200);
  });
});

describe("the security page's rules", () => {
  it("enrols TOTP after activation: offered once, a wrong code refused, a right one enrols; then login asks for it", async () => {
    const who = await member("klantenservice", false);
    const s = await signIn(who);
    const notStarted = await call("POST", "/api/beheer/security/totp", { code: "123456" }, as(s));
    expect(notStarted.status).toBe(409);
    expect((await call("POST", "/api/beheer/security/totp/offer", {}, as({ cookie: s.cookie }))).status).toBe(
      403,
    );
    const offer = (await call("POST", "/api/beheer/security/totp/offer", {}, as(s))).body.result;
    expect(offer.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect((await call("POST", "/api/beheer/security/totp/offer", {}, as(s))).body.result).toEqual(offer);
    expect((await call("GET", "/api/beheer/security", undefined, as(s))).body.result.totp_offer).toEqual(
      offer,
    );

    const wrong = await call("POST", "/api/beheer/security/totp", { code: "000000" }, as(s));
    expect(wrong.status).toBe(400);
    expect(wrong.body.meta.errors[0].path).toBe("body.code");
    const malformed = await call("POST", "/api/beheer/security/totp", { code: "12ab" }, as(s));
    expect(malformed.status).toBe(400);
    expect(
      (
        await call(
          "POST",
          "/api/beheer/security/totp",
          { code: codeFor(offer.secret) },
          as({ cookie: s.cookie }),
        )
      ).status,
    ).toBe(403);
    const key = { "idempotency-key": randomUUID() };
    const right = await call(
      "POST",
      "/api/beheer/security/totp",
      { code: codeFor(offer.secret) },
      as(s, key),
    );
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    // The same request again replays its answer; the key with another body is refused.
    expect(
      (await call("POST", "/api/beheer/security/totp", { code: codeFor(offer.secret) }, as(s, key))).status,
    ).toBe(200);
    expect((await call("POST", "/api/beheer/security/totp", { code: "999999" }, as(s, key))).status).toBe(
      409,
    );
    const view = (await call("GET", "/api/beheer/security", undefined, as(s))).body.result;
    expect(view).toMatchObject({ totp: true, totp_offer: null });
    expect((await call("POST", "/api/beheer/security/totp/offer", {}, as(s))).status).toBe(409);
    expect((await audit(who.email)).filter((r) => r.action === "staff.totp_enrolled")).toHaveLength(1);

    const first = await login(who.email);
    expect(first.body.result).toMatchObject({ step: "second_factor", totp: true, passkey: null });
    // The enrolment's code was used; the next one signs in.
    expect(
      (
        await call("POST", "/api/beheer/login/totp", {
          challenge: first.body.result.challenge,
          code: codeFor(offer.secret),
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call("POST", "/api/beheer/login/totp", {
          challenge: first.body.result.challenge,
          code: codeFor(offer.secret, 1),
        })
      ).status,
    ).toBe(200);
  });

  it("never removes a beheerder's last second factor; others may remove theirs; never another member's", async () => {
    const boss = await member("beheerder", true);
    const s = await signIn(boss);
    const one = await addPasskey(s);
    const two = await addPasskey(s);
    // Without TOTP (an account from before it was required) the passkeys are all there is.
    await server.services.database.db.execute(
      `update staff set totp_secret = null where email = '${boss.email}'`,
    );
    const remove = (id: number, who: Session = s, extra: Record<string, string> = {}) =>
      call("DELETE", `/api/beheer/security/passkeys/${id}`, undefined, as(who, extra));
    expect(
      (
        await call(
          "DELETE",
          `/api/beheer/security/passkeys/${one.added.id}`,
          undefined,
          as({ cookie: s.cookie }),
        )
      ).status,
    ).toBe(403);
    const key = { "idempotency-key": randomUUID() };
    expect((await remove(one.added.id, s, key)).status).toBe(200);
    expect((await remove(one.added.id, s, key)).body.result).toEqual({ id: one.added.id });
    expect((await remove(one.added.id)).status).toBe(404);
    const last = await remove(two.added.id);
    expect(last.status).toBe(409);
    expect(last.body.meta.errors[0]).toEqual({
      path: "params.id",
      message:
        "Dit is je laatste tweede stap. Een beheerder kan niet zonder inloggen: voeg eerst een andere toe.",
    });
    expect((await call("GET", "/api/beheer/security", undefined, as(s))).body.result).toMatchObject({
      totp: false,
      may_remove_passkey: false,
    });

    const redacteur = await member("redacteur", false);
    const r = await signIn(redacteur);
    const own = await addPasskey(r);
    expect((await remove(two.added.id, r)).status).toBe(404);
    expect((await remove(own.added.id, r)).status).toBe(200);
    expect((await login(redacteur.email)).body.result.step).toBe("done");

    expect((await audit(boss.email)).filter((a) => a.action === "staff.passkey_removed")).toHaveLength(1);
    expect((await audit(redacteur.email)).map((a) => a.action)).toContain("staff.passkey_removed");
  });

  it("is not reachable without a staff session", async () => {
    expect((await call("GET", "/api/beheer/security")).status).toBe(401);
    expect((await call("GET", "/api/beheer/security", undefined, admin)).status).toBe(401);
    expect((await call("POST", "/api/beheer/security/passkeys/options", {}, admin)).status).toBe(401);
  });
});
