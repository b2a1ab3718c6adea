import { t } from "@etalage/core";
import type { ModalProps } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";

export default function FeatureNotImplementedModal({
  payload,
  close,
}: ModalProps<"feature-not-implemented">) {
  return (
    <Dialog title={t("Feature not implemented")} onClose={close}>
      <div className="dialog__message">
        {payload?.feature && <p className="eyebrow">{payload.feature}</p>}
        <p>{t("We are still working on this part of the shop. Please come back soon.")}</p>
        <button type="button" className="button" onClick={close}>
          {t("OK")}
        </button>
      </div>
    </Dialog>
  );
}
