import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import type { HttpServer } from "./test-server.ts";

/**
 * Staff members for API tests (issue 25, docs/decisions/0043): invited through the admin API,
 * activated with a password and TOTP, signed in to a cookie and its CSRF token.
 */

export const STAFF_PASSWORD = "Beheer-Wachtwoord-2026!";

export const uniqueEmail = (name: string) => `${name}-${randomUUID()}@etalage.nl`;

/** The code an authenticator app shows `steps` periods from now (a later step than one just used). */
export function codeFor(secret: string, steps = 0): string {
  const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

export interface StaffMember {
  email: string;
  secret: string;
}

export interface StaffSession {
  cookie: string;
  csrf?: string;
}

export const cookieOf = (res: Response) =>
  /etalage_staff=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";

/** The request options of a staff member's call: the session cookie, the CSRF token when known, more headers. */
export const asStaff = (s: StaffSession, extra: Record<string, string> = {}) => ({
  headers: { cookie: `etalage_staff=${s.cookie}`, ...(s.csrf ? { "x-csrf-token": s.csrf } : {}), ...extra },
});

export function staffHelpers(server: () => HttpServer, adminToken: string) {
  const admin = { authorization: `Bearer ${adminToken}` };

  async function invite(role: string, email = uniqueEmail(role)) {
    const res = await server().post("/api/admin/staff", { email, role }, { headers: admin });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const token = new URL(body.result.invitation_url).searchParams.get("token")!;
    return { email, token, url: body.result.invitation_url as string };
  }

  /** An activated account: invited, password set, TOTP enrolled unless `totp` is false. */
  async function member(role: string, totp = true): Promise<StaffMember> {
    const { email, token } = await invite(role);
    const view = (await (await server().get(`/api/beheer/invitation?token=${token}`)).json()).result;
    const res = await server().post("/api/beheer/invitation", {
      token,
      password: STAFF_PASSWORD,
      ...(totp ? { totp_code: codeFor(view.totp.secret) } : {}),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return { email, secret: view.totp.secret as string };
  }

  /** Signs in (with the code `steps` periods ahead): the cookie and the CSRF token. */
  async function signIn(who: StaffMember, steps = 0): Promise<Required<StaffSession>> {
    const first = await server().post("/api/beheer/login", { email: who.email, password: STAFF_PASSWORD });
    const firstBody = await first.json();
    expect(first.status, JSON.stringify(firstBody)).toBe(200);
    if (firstBody.result.step === "done")
      return { cookie: cookieOf(first), csrf: firstBody.result.csrf_token as string };
    const second = await server().post("/api/beheer/login/totp", {
      challenge: firstBody.result.challenge,
      code: codeFor(who.secret, steps),
    });
    const body = await second.json();
    expect(second.status, JSON.stringify(body)).toBe(200);
    return { cookie: cookieOf(second), csrf: body.result.csrf_token as string };
  }

  return { invite, member, signIn };
}
