import { t } from "@etalage/core";
import { backOfficePage } from "../back-office-page.ts";
import { requireSession } from "../back-office-session.ts";
import { StartPage } from "../back-office-start.tsx";

export const page = backOfficePage({
  title: t("Back office"),
  load: () => requireSession(),
  View: ({ data }) => <StartPage session={data} />,
});
