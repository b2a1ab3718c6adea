import { t } from "@etalage/core";
import type { ModalProps } from "../../session/modal-store.ts";
import { StoresModal } from "./stores-modal.tsx";

/** The store-list modal (browsing §2): every store with today's state, and the map. */
export default function StoreListModal({ payload, close }: ModalProps<"store-list">) {
  return <StoresModal title={payload?.title ?? t("Our stores")} search={false} close={close} />;
}
