import { t } from "@etalage/core";
import { redirect } from "react-router";
import { LoginPage, submitLogin } from "../back-office-login.tsx";
import { backOfficePage } from "../back-office-page.ts";

export const page = backOfficePage({
  title: t("Sign in"),
  act: async (form) => {
    const state = await submitLogin(form);
    return state.step === "done" ? redirect("/beheer") : state;
  },
  View: ({ result }) => <LoginPage state={result instanceof Response ? undefined : result} />,
});
