import { pageTitle, t } from "@etalage/core";
import { ResetPasswordPage } from "../features/account/reset-page.tsx";

/** `/password/reset?token=&email=`: the link of the reset mail. */
export function meta() {
  return [{ title: pageTitle(t("Set a new password")) }, { name: "robots", content: "noindex" }];
}

export default function PasswordReset() {
  return <ResetPasswordPage />;
}
