import { t } from "@etalage/core";
import { type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { Loading } from "../../features/back-office/back-office-frame.tsx";
import {
  acceptInvitation,
  InvitationPage,
  loadInvitation,
} from "../../features/back-office/back-office-invitation.tsx";
import { backOfficeMeta } from "../../features/back-office/back-office-meta.ts";
import type { Route } from "./+types/beheer-uitnodiging";

export const meta = () => backOfficeMeta(t("Set up your staff account"));
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadInvitation(new URL(request.url));
clientLoader.hydrate = true as const;
export const HydrateFallback = Loading;
/** A used invitation is gone: after the form is sent, the page shows its answer, not a reload. */
export const shouldRevalidate = ({ formMethod }: ShouldRevalidateFunctionArgs) => formMethod === undefined;
export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  acceptInvitation(await request.formData());

export default function BeheerUitnodiging({ loaderData }: Route.ComponentProps) {
  return <InvitationPage load={loaderData} result={useActionData<typeof clientAction>()} />;
}
