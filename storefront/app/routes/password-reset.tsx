import { t } from "@etalage/core";
import { ResetPasswordPage } from "../features/account/reset-page.tsx";

/** `/password/reset?token=&email=`: the link of the reset mail. */
export function meta() {
  return [{ title: `${t("Set a new password")} – Etalage` }, { name: "robots", content: "noindex" }];
}

export default function PasswordReset() {
  return <ResetPasswordPage />;
}
