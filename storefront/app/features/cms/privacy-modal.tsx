import { t } from "@etalage/core";
import type { ModalProps } from "../../session/modal-store.ts";
import { PRIVACY_PATH } from "../../ui/privacy-link.tsx";
import { CmsPageDialog } from "./cms-page-dialog.tsx";

/**
 * The privacy statement modal (browsing §2), with the CMS's privacy page as its content. Opened
 * over the cookie banner or the newsletter form; closing it returns to them.
 */
export default function PrivacyModal({ close }: ModalProps<"privacy-statement">) {
  return (
    <CmsPageDialog
      path={PRIVACY_PATH}
      title={t("Privacy statement")}
      failed={t("The privacy statement could not be loaded. You can read it on its own page.")}
      close={close}
    />
  );
}
