import { t } from "@etalage/core";
import type { ModalProps } from "../../session/modal-store.ts";
import { TERMS_PATH } from "../../ui/privacy-link.tsx";
import { CmsPageDialog } from "./cms-page-dialog.tsx";

/**
 * The terms and conditions modal (browsing §2): the CMS's terms page, opened from the footer and
 * from the checkout's line beside the order button, so nothing typed in the checkout is left.
 */
export default function TermsModal({ close }: ModalProps<"terms-and-conditions">) {
  return (
    <CmsPageDialog
      path={TERMS_PATH}
      title={t("Terms and conditions")}
      failed={t("The terms and conditions could not be loaded. You can read them on their own page.")}
      close={close}
    />
  );
}
