import { pageTitle, t } from "@etalage/core";
import { LoginPage } from "../features/account/login-page.tsx";

/** `/login` (transactional §2): never indexed, never cached (personal). */
export function meta() {
  return [{ title: pageTitle(t("Log in")) }, { name: "robots", content: "noindex" }];
}

export default function Login() {
  return <LoginPage />;
}
