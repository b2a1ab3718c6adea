import { t } from "@etalage/core";
import { type ReactNode, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { notify } from "../../lib/notification-store.ts";
import { startAccount, useAccount } from "../../session/account-store.ts";

/**
 * Account pages are the logged-in customer's: a guest goes to /login with 'You need to be logged
 * in to see this page' and comes back after logging in. The session lives in the browser, so the
 * server renders the page's frame and the browser decides.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const account = useAccount();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => startAccount(), []);
  useEffect(() => {
    if (!account.ready || account.token) return;
    if (account.loggedOut) {
      navigate("/", { replace: true });
      return;
    }
    notify({ type: "warning", message: t("You need to be logged in to see this page") });
    navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [account.ready, account.token, account.loggedOut, location.pathname, location.search, navigate]);
  if (!account.ready || !account.token || !account.user) {
    return <p className="account__loading" aria-busy="true" />;
  }
  return <>{children}</>;
}
