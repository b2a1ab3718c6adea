import { t } from "@etalage/core";
import { backOfficePage } from "../back-office-page.ts";
import { changeSecurity, loadSecurity, SecurityPage } from "../back-office-security.tsx";

export const page = backOfficePage({
  title: t("Security"),
  load: () => loadSecurity(),
  act: (form) => changeSecurity(form),
  View: ({ data, result }) => <SecurityPage data={data} result={result} />,
});
