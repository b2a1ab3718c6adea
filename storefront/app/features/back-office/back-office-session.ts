import type { StaffAction } from "@etalage/core";
import { redirect } from "react-router";
import { currentSession, type StaffSessionView } from "./back-office-api.ts";

export const LOGIN_PATH = "/beheer/inloggen";

/** The signed-in staff member for a page's loader; otherwise on to the login page. */
export async function requireSession(): Promise<StaffSessionView> {
  const session = await currentSession();
  if (!session) throw redirect(LOGIN_PATH);
  return session;
}

export const may = (session: StaffSessionView, action: StaffAction) => session.permissions.includes(action);
