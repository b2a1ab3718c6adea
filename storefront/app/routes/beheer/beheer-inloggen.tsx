import { t } from "@etalage/core";
import { redirect, useActionData } from "react-router";
import { LoginPage, submitLogin } from "../../features/back-office/back-office-login.tsx";
import { backOfficeMeta } from "../../features/back-office/back-office-meta.ts";
import type { Route } from "./+types/beheer-inloggen";

export const meta = () => backOfficeMeta(t("Sign in"));

export async function clientAction({ request }: Route.ClientActionArgs) {
  const state = await submitLogin(await request.formData());
  return state.step === "done" ? redirect("/beheer") : state;
}

export default function BeheerInloggen() {
  return <LoginPage state={useActionData<typeof clientAction>()} />;
}
