import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_ADMIN_TOKEN } from "../playwright.config.ts";

/** Back-office staff for the specs (issue 25): invited through the admin API, signed in with TOTP. */

export const ADMIN = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
export const STAFF_PASSWORD = "Beheer-E2E-Wachtwoord-7!";

/** The code an authenticator app shows now, computed as one would. */
export const codeFor = (secret: string) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

/** An active staff member of `role` with TOTP enrolled, made through the API (the invitation's page is back-office-staff's). */
export async function staffMember(
  request: APIRequestContext,
  role: "beheerder" | "klantenservice" | "redacteur",
) {
  const email = `${role}-${randomUUID()}@etalage.nl`;
  const invited = await request.post("/api/admin/staff", { headers: ADMIN, data: { email, role } });
  expect(invited.ok()).toBe(true);
  const token = new URL((await invited.json()).result.invitation_url).searchParams.get("token")!;
  const view = (await (await request.get(`/api/beheer/invitation?token=${token}`)).json()).result;
  const secret = view.totp.secret as string;
  const accepted = await request.post("/api/beheer/invitation", {
    data: { token, password: STAFF_PASSWORD, totp_code: codeFor(secret) },
  });
  expect(accepted.ok()).toBe(true);
  return { email, secret };
}

/** Signs in at /beheer/inloggen as a person would: password, then the authenticator's code. */
export async function signInStaff(page: Page, who: { email: string; secret: string }) {
  await page.goto("/beheer/inloggen");
  await page.getByLabel("E-mailadres").fill(who.email);
  await page.getByLabel("Wachtwoord").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Inloggen" }).click();
  const code = page.getByLabel("Code uit je authenticator-app");
  await expect(code).toBeFocused();
  await code.fill(codeFor(who.secret));
  await page.keyboard.press("Enter");
  // The start page's chunks come after the session: on a busy machine that takes a while.
  await expect(page).toHaveURL(/\/beheer$/, { timeout: 15_000 });
}
