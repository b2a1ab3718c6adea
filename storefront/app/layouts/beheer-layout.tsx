import { Outlet, useNavigate } from "react-router";
import { currentSession, postJson } from "../features/back-office/back-office-api.ts";
import { BackOfficeFrame, Loading } from "../features/back-office/back-office-frame.tsx";
import { LOGIN_PATH } from "../features/back-office/back-office-session.ts";
import "../features/back-office/back-office.css";
import type { Route } from "./+types/beheer-layout";

/**
 * The back office's frame (issue 25): its own header and navigation by role, no shop header or
 * footer, its own CSS and scripts (this route tree's chunks only). Data comes from /api/beheer in
 * the browser, with the staff cookie; the server renders the frame alone.
 */
export async function clientLoader() {
  return { session: await currentSession() };
}
clientLoader.hydrate = true as const;

/** Who is signed in is asked again on every navigation: a session may have ended meanwhile. */
export const shouldRevalidate = () => true;

export function HydrateFallback() {
  return (
    <BackOfficeFrame session={null}>
      <Loading />
    </BackOfficeFrame>
  );
}

export default function BeheerLayout({ loaderData }: Route.ComponentProps) {
  const { session } = loaderData;
  const navigate = useNavigate();
  const logout = async () => {
    await postJson("/logout", {}, session?.csrf_token).catch(() => undefined);
    await navigate(LOGIN_PATH);
  };
  return (
    <BackOfficeFrame session={session} onLogout={logout}>
      <Outlet />
    </BackOfficeFrame>
  );
}
