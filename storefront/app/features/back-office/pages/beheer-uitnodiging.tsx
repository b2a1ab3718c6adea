import { t } from "@etalage/core";
import { acceptInvitation, InvitationPage, loadInvitation } from "../back-office-invitation.tsx";
import { backOfficePage } from "../back-office-page.ts";

export const page = backOfficePage({
  title: t("Set up your staff account"),
  load: (request) => loadInvitation(new URL(request.url)),
  act: (form) => acceptInvitation(form),
  keepAfterAction: true,
  View: ({ data, result }) => <InvitationPage load={data} result={result} />,
});
