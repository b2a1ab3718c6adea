import { t } from "@etalage/core";
import type { ModalProps } from "../../../session/modal-store.ts";
import { Dialog } from "../../../ui/dialog.tsx";
import { cart } from "../cart-api.ts";

/**
 * 'Removing a product asks for confirmation' (transactional §5). The dialog closes first, so focus
 * is back on the line's remove button before the line goes; the microcart then keeps it inside.
 */
export default function RemoveItemModal({ payload, close }: ModalProps<"cart-remove-item">) {
  const { item } = payload;
  const name = item.name ?? item.sku;
  return (
    <Dialog title={t("Remove product")} onClose={close}>
      <div className="dialog__message">
        <p>{t("Are you sure you would like to remove {name} from the shopping cart?", { name })}</p>
        <div className="remove-item__actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              close();
              void cart.remove(item);
            }}
          >
            {t("Remove")}
          </button>
          <button type="button" className="button button--outline" onClick={close}>
            {t("Cancel")}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
