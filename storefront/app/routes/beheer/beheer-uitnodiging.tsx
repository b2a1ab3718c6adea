import { t } from "@etalage/core";
import { useActionData, useLoaderData } from "react-router";
import { Loading } from "../../features/back-office/frame.tsx";
import {
  acceptInvitation,
  InvitationPage,
  loadInvitation,
} from "../../features/back-office/invitation-page.tsx";
import { backOfficeMeta } from "../../features/back-office/meta.ts";
import type { Route } from "./+types/beheer-uitnodiging";

export const meta = () => backOfficeMeta(t("Set up your staff account"));
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadInvitation(new URL(request.url));
clientLoader.hydrate = true as const;
export const HydrateFallback = Loading;
export const clientAction = async ({ request }: Route.ClientActionArgs) =>
  acceptInvitation(await request.formData());

export default function BeheerUitnodiging() {
  return (
    <InvitationPage
      load={useLoaderData<typeof clientLoader>()}
      result={useActionData<typeof clientAction>()}
    />
  );
}
