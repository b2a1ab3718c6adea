import { t } from "@etalage/core";
import type { ModalProps } from "../../session/modal-store.ts";
import { StoresModal } from "./stores-modal.tsx";

/** The store-locator modal (browsing §2): find the nearest stores by postcode, city or location. */
export default function StoreLocatorModal({ payload, close }: ModalProps<"store-locator">) {
  return <StoresModal title={t("Find a store")} search initialQuery={payload?.q ?? ""} close={close} />;
}
