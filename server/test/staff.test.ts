import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runStaffCli } from "../src/cli/staff.ts";
import { requestFrom } from "./helpers/from-address.ts";
import {
  asStaff,
  codeFor,
  cookieOf,
  STAFF_PASSWORD as PASSWORD,
  staffHelpers,
  uniqueEmail as unique,
} from "./helpers/staff.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const ADMIN_TOKEN = "staff-admin-token-0123456789";
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { ADMIN_TOKEN } });
});
afterAll(() => server?.close());

const { invite, member, signIn } = staffHelpers(() => server, ADMIN_TOKEN);

async function auditRows(email: string) {
  const { rows } = await server.services.database.db.execute<{ action: string; target: string | null }>(
    `select action, target from staff_audit where actor = '${email}' order by id`,
  );
  return rows;
}

describe("staff invitations (npm run staff)", () => {
  it("invites through the admin API and the CLI, and refuses without ADMIN_TOKEN", async () => {
    expect((await server.post("/api/admin/staff", { email: unique("x"), role: "redacteur" })).status).toBe(
      401,
    );
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const email = unique("cli");
    const env = { ...process.env, ADMIN_TOKEN };
    expect(await runStaffCli(["add", email, "klantenservice", "--url", server.url], env, io)).toBe(0);
    expect(lines.join("\n")).toMatch(/\/beheer\/uitnodiging\?token=/);
    expect(await runStaffCli(["list", "--url", server.url], env, io)).toBe(0);
    expect(lines.join("\n")).toContain(`${email}  klantenservice  invited`);
    expect(await runStaffCli(["add", email, "baas", "--url", server.url], env, io)).toBe(2);
  });

  it("shows the invitation with a TOTP secret, and requires a code for a beheerder", async () => {
    const { email, token } = await invite("beheerder");
    const view = await (await server.get(`/api/beheer/invitation?token=${token}`)).json();
    expect(view.result).toMatchObject({ email, role: "beheerder", totp_required: true });
    expect(view.result.totp.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const noCode = await server.post("/api/beheer/invitation", { token, password: PASSWORD });
    expect(noCode.status).toBe(400);
    expect((await noCode.json()).meta.errors[0].path).toBe("body.totp_code");
    const weak = await server.post("/api/beheer/invitation", {
      token,
      password: "abc",
      totp_code: codeFor(view.result.totp.secret),
    });
    expect(weak.status).toBe(400);
    expect((await weak.json()).meta.errors[0].path).toBe("body.password");
    const wrong = await server.post("/api/beheer/invitation", {
      token,
      password: PASSWORD,
      totp_code: "000000",
    });
    expect([400]).toContain(wrong.status);
    const good = await server.post("/api/beheer/invitation", {
      token,
      password: PASSWORD,
      totp_code: codeFor(view.result.totp.secret),
    });
    expect(good.status).toBe(200);
    // Once only.
    expect((await server.get(`/api/beheer/invitation?token=${token}`)).status).toBe(404);
    expect((await auditRows(email)).map((r) => r.action)).toEqual([
      "staff.invitation_used",
      "staff.totp_enrolled",
    ]);
  });

  it("refuses an invitation past its 72 hours", async () => {
    const { email, token } = await invite("redacteur");
    await server.services.database.db.execute(
      `update staff_invitations set expires_at = now() - interval '1 second' where staff_id = (select id from staff where email = '${email}')`,
    );
    expect((await server.get(`/api/beheer/invitation?token=${token}`)).status).toBe(404);
  });
});

describe("staff login", () => {
  it("signs a beheerder in with password and code, in a fresh HttpOnly Strict cookie", async () => {
    const who = await member("beheerder");
    const first = await server.post(
      "/api/beheer/login",
      { email: who.email.toUpperCase(), password: PASSWORD },
      { headers: { cookie: "etalage_staff=planted-by-someone-else" } },
    );
    const body = await first.json();
    expect(body.result).toMatchObject({ step: "second_factor", totp: true, passkey: null });
    expect(first.headers.get("set-cookie")).toBeNull();
    const wrong = await server.post("/api/beheer/login/totp", {
      challenge: body.result.challenge,
      code: "123456",
    });
    expect(wrong.status).toBe(401);
    const second = await server.post("/api/beheer/login/totp", {
      challenge: body.result.challenge,
      code: codeFor(who.secret),
    });
    expect(second.status).toBe(200);
    const cookie = second.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookieOf(second)).not.toBe("planted-by-someone-else");
    const session = await server.get("/api/beheer/session", asStaff({ cookie: cookieOf(second) }));
    expect((await session.json()).result).toMatchObject({
      staff: { email: who.email, role: "beheerder", totp: true },
      refund_limit_eur: null,
    });
    // The challenge is spent, and the same code does not open a second session.
    const again = await server.post("/api/beheer/login/totp", {
      challenge: body.result.challenge,
      code: codeFor(who.secret),
    });
    expect(again.status).toBe(401);
    const actions = (await auditRows(who.email)).map((r) => r.action);
    expect(actions).toContain("staff.login_failed");
    expect(actions.at(-1)).toBe("staff.login");
  });

  it("signs a redacteur without a second factor in after the password; klantenservice reads its refund limit", async () => {
    const who = await member("redacteur", false);
    const res = await server.post("/api/beheer/login", { email: who.email, password: PASSWORD });
    const body = await res.json();
    expect(body.result).toMatchObject({ step: "done", staff: { role: "redacteur", totp: false } });
    expect(cookieOf(res)).toMatch(/^[\w-]{43}$/);
    const ks = await signIn(await member("klantenservice"));
    const session = (await (await server.get("/api/beheer/session", asStaff(ks))).json()).result;
    expect(session.refund_limit_eur).toBe(250);
    expect(session.permissions).toContain("orders.refund");
  });

  it("gives one answer for an unknown email, a wrong password and an account not yet activated", async () => {
    const { email: invited } = await invite("redacteur");
    const who = await member("redacteur", false);
    const answers = await Promise.all(
      [
        { email: unique("nobody"), password: PASSWORD },
        { email: who.email, password: "Verkeerd-Wachtwoord-1" },
        { email: invited, password: PASSWORD },
      ].map(async (b) => {
        const res = await server.post("/api/beheer/login", b);
        return [res.status, (await res.json()).result];
      }),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([401, "Wrong email or password"]);
  });

  it("lets ten of twenty wrong passwords sent at once from one address try, and refuses the rest", {
    timeout: 60_000,
  }, async () => {
    const who = await member("redacteur", false);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        requestFrom(server, "127.0.9.3", "POST", "/api/beheer/login", {
          email: who.email,
          password: `Fout-${i}-xx`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // Each tried one is in the audit log once.
    const failed = (await auditRows(who.email)).filter((r) => r.action === "staff.login_failed");
    expect(failed).toHaveLength(10);
  });

  it("locks an address out after ten failures for one email", { timeout: 60_000 }, async () => {
    const who = await member("redacteur", false);
    const from = "127.0.9.1";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await requestFrom(server, from, "POST", "/api/beheer/login", {
            email: who.email,
            password: `Fout-${i}-xx`,
          })
        ).status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Even the right password waits out the lockout from that address; another address gets in.
    expect(
      (await requestFrom(server, from, "POST", "/api/beheer/login", { email: who.email, password: PASSWORD }))
        .status,
    ).toBe(429);
    expect(
      (
        await requestFrom(server, "127.0.9.2", "POST", "/api/beheer/login", {
          email: who.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it("ends a session after 30 idle minutes or 8 hours, and at logout", async () => {
    const who = await member("redacteur", false);
    const db = server.services.database.db;
    const idle = await signIn(who);
    await db.execute(
      `update staff_sessions set last_seen_at = now() - interval '31 minutes' where staff_id = (select id from staff where email = '${who.email}')`,
    );
    expect((await server.get("/api/beheer/session", asStaff(idle))).status).toBe(401);
    const old = await signIn(who);
    await db.execute(
      `update staff_sessions set created_at = now() - interval '8 hours 1 minute' where staff_id = (select id from staff where email = '${who.email}')`,
    );
    expect((await server.get("/api/beheer/session", asStaff(old))).status).toBe(401);
    const live = await signIn(who);
    expect((await server.get("/api/beheer/session", asStaff(live))).status).toBe(200);
    expect((await server.post("/api/beheer/logout", {}, asStaff(live))).status).toBe(200);
    expect((await server.get("/api/beheer/session", asStaff(live))).status).toBe(401);
    expect((await auditRows(who.email)).map((r) => r.action)).toContain("staff.logout");
  });

  it("ends every session of a disabled account", async () => {
    const who = await member("redacteur", false);
    const s = await signIn(who);
    expect(
      (await server.post("/api/admin/staff/disable", { email: who.email }, { headers: admin })).status,
    ).toBe(200);
    expect((await server.get("/api/beheer/session", asStaff(s))).status).toBe(401);
    expect((await server.post("/api/beheer/login", { email: who.email, password: PASSWORD })).status).toBe(
      401,
    );
  });
});

describe("the /api/beheer guard", () => {
  it("refuses a customer's bearer token and ADMIN_TOKEN: they are no staff session", async () => {
    const email = unique("klant");
    await requestFrom(server, "127.0.9.20", "POST", "/api/ext/tritonx/create", {
      customer: { email, firstname: "Jan", lastname: "Klant" },
      password: PASSWORD,
    });
    const login = await (
      await server.post("/api/ext/tritonx/login", { username: email, password: PASSWORD })
    ).json();
    const customer = { authorization: `Bearer ${login.result}` };
    for (const headers of [customer, admin]) {
      expect((await server.get("/api/beheer/session", { headers })).status).toBe(401);
      expect((await server.get("/api/beheer/reviews", { headers })).status).toBe(401);
      expect((await server.get("/api/beheer/audit", { headers })).status).toBe(401);
    }
  });

  it("refuses a change without the session's CSRF token or from another origin", async () => {
    const s = await signIn(await member("redacteur", false));
    const noCsrf = await server.post("/api/beheer/logout", {}, asStaff({ cookie: s.cookie }));
    expect(noCsrf.status).toBe(403);
    expect((await noCsrf.json()).meta.errors[0].path).toBe("headers.x-csrf-token");
    const other = await signIn(await member("redacteur", false));
    expect(
      (await server.post("/api/beheer/logout", {}, asStaff({ cookie: s.cookie, csrf: other.csrf }))).status,
    ).toBe(403);
    const foreign = await server.post(
      "/api/beheer/logout",
      {},
      asStaff(s, { origin: "https://evil.example" }),
    );
    expect(foreign.status).toBe(403);
    expect(
      (
        await server.post(
          "/api/beheer/login",
          { email: "a@b.nl", password: "x" },
          { headers: { origin: "https://evil.example" } },
        )
      ).status,
    ).toBe(403);
    expect((await server.post("/api/beheer/logout", {}, asStaff(s, { origin: server.url }))).status).toBe(
      200,
    );
  });

  it("refuses a role its pages: a redacteur cannot read the audit log, klantenservice cannot moderate", async () => {
    const redacteur = await signIn(await member("redacteur", false));
    expect((await server.get("/api/beheer/audit", asStaff(redacteur))).status).toBe(403);
    const ks = await signIn(await member("klantenservice", false));
    expect((await server.get("/api/beheer/reviews", asStaff(ks))).status).toBe(403);
  });
});

describe("review moderation and the audit log", () => {
  async function pendingReview() {
    const { rows } = await server.services.database.db.execute<{ id: number }>(
      "select id from products where parent_id is null and status = 1 and visibility <> 1 order by id limit 1",
    );
    const res = await requestFrom(
      server,
      `127.0.10.${Math.floor(Math.random() * 250) + 1}`,
      "POST",
      "/api/review/create",
      {
        review: {
          product_id: rows[0]!.id,
          title: "Prima schoenen",
          detail: "Lopen goed.",
          nickname: "Piet",
          ratings: [{ rating_id: 1, value: 5 }],
          email: unique("reviewer"),
        },
      },
    );
    expect(res.status).toBe(200);
    return (res.body as { result: { id: number } }).result.id;
  }

  it("lets a redacteur approve and reject with a reason; a beheerder reads both in the log", async () => {
    const redacteur = await member("redacteur", false);
    const s = await signIn(redacteur);
    const approveId = await pendingReview();
    const rejectId = await pendingReview();
    const queue = (await (await server.get("/api/beheer/reviews", asStaff(s))).json()).result;
    const row = queue.find((r: { id: number }) => r.id === approveId);
    expect(row.product.name).toBeTruthy();
    expect(row.product.url).toMatch(/^\//);
    expect((await server.post(`/api/beheer/reviews/${approveId}/approve`, {}, asStaff(s))).status).toBe(200);
    const noReason = await server.post(`/api/beheer/reviews/${rejectId}/reject`, {}, asStaff(s));
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).meta.errors[0].path).toBe("body.reason");
    expect(
      (await server.post(`/api/beheer/reviews/${rejectId}/reject`, { reason: "Reclame" }, asStaff(s))).status,
    ).toBe(200);
    expect((await server.post("/api/beheer/reviews/2147483647/approve", {}, asStaff(s))).status).toBe(404);

    const boss = await signIn(await member("beheerder"));
    const log = (await (await server.get("/api/beheer/audit?page=1", asStaff(boss))).json()).result;
    expect(log.per_page).toBe(50);
    const mine = log.items.filter((i: { actor: string }) => i.actor === redacteur.email);
    expect(mine.map((i: { action: string }) => i.action)).toEqual(
      expect.arrayContaining(["review.approved", "review.rejected", "staff.login"]),
    );
    expect(mine.find((i: { action: string }) => i.action === "review.rejected").details).toEqual({
      reason: "Reclame",
    });
    expect((await server.get("/api/beheer/audit?page=0", asStaff(boss))).status).toBe(400);
  });

  it("keeps the audit log append-only in the database itself", async () => {
    const db = server.services.database.db;
    const refusal = (statement: string) =>
      db.execute(statement).then(
        () => "done",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    await db.execute("insert into staff_audit (actor, action) values ('test@etalage.nl', 'staff.login')");
    expect(await refusal("update staff_audit set actor = 'iemand anders'")).toMatch(/append-only: UPDATE/);
    expect(await refusal("delete from staff_audit")).toMatch(/append-only: DELETE/);
    expect(await refusal("truncate staff_audit")).toMatch(/append-only: TRUNCATE/);
  });
});
