import { timingSafeEqual } from "node:crypto";
import type { StaffRole } from "@etalage/core";
import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { StaffService } from "../services/staff/index.ts";
import { csrfTokenOf, type StaffSession } from "../services/staff/sessions.ts";
import { sendError } from "./envelope.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in staff member of a /api/beheer request that passed `requireStaff`. */
    staff?: StaffSession;
  }
}

const STAFF_COOKIE = "etalage_staff";
const SESSION_REQUIRED = "a staff session is required: sign in at /beheer/inloggen";
const CSRF_REFUSED = "headers.x-csrf-token: missing or not this session's";
const ORIGIN_REFUSED = "headers.origin: not this shop";
const ROLE_REFUSED = "Your role may not do this";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function staffToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? parseCookie(header)[STAFF_COOKIE] || undefined : undefined;
}

/** The cookie of a new session: HttpOnly, SameSite=Strict, Secure when the shop is served over https. */
export function staffCookie(token: string, publicUrl: string, maxAgeS: number): string {
  return stringifySetCookie({
    name: STAFF_COOKIE,
    value: token,
    httpOnly: true,
    sameSite: "strict",
    secure: publicUrl.startsWith("https:"),
    path: "/",
    maxAge: maxAgeS,
  });
}

export function clearedStaffCookie(publicUrl: string): string {
  return staffCookie("", publicUrl, 0);
}

/**
 * A browser's Origin, when it sends one, must be the shop's: its PUBLIC_URL or the host it was
 * reached at. A request without Origin (a script, an old browser) still needs the CSRF header.
 */
export function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === new URL(publicUrl).origin || origin === `${request.protocol}://${request.host}`;
}

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The onRequest hook of every /api/beheer route that needs a signed-in staff member: the
 * `etalage_staff` cookie's live session (a customer's bearer token or ADMIN_TOKEN is no session:
 * 401), on a change also the session's `x-csrf-token` and a same-origin Origin (403), and one of
 * `roles` when any are named (403). Puts the session on `request.staff`. Use as
 * `app.addHook("onRequest", requireStaff(services, "beheerder", "klantenservice"))`.
 */
export function requireStaff(
  services: { staff: StaffService; config: { PUBLIC_URL: string } },
  ...roles: StaffRole[]
) {
  const { staff } = services;
  const publicUrl = services.config.PUBLIC_URL;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = staffToken(request);
    const session = token ? await staff.sessions.authenticate(token) : null;
    if (!token || !session) {
      if (token) reply.header("set-cookie", clearedStaffCookie(publicUrl));
      return sendError(reply, 401, SESSION_REQUIRED);
    }
    if (!SAFE_METHODS.has(request.method)) {
      if (!sameOrigin(request, publicUrl)) return sendError(reply, 403, ORIGIN_REFUSED);
      const sent = request.headers["x-csrf-token"];
      if (typeof sent !== "string" || !sameToken(sent, csrfTokenOf(token)))
        return sendError(reply, 403, CSRF_REFUSED, {
          errors: [{ path: "headers.x-csrf-token", message: "missing or not this session's" }],
        });
    }
    if (roles.length > 0 && !roles.includes(session.staff.role)) return sendError(reply, 403, ROLE_REFUSED);
    request.staff = session;
  };
}
