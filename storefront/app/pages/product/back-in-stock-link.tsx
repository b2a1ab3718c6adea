import { t } from "@etalage/core";
import { openModal } from "../../session/modal-store.ts";
import type { SoldOutSize } from "./size-stock.ts";

/**
 * "Maat uitverkocht? Mail me als mijn maat er weer is" under the sizes, while a size of the colour
 * chosen is sold out (issue 14). The form is a modal of its own chunk.
 */
export function BackInStockLink({
  name,
  sizes,
  selected,
}: {
  name: string;
  sizes: SoldOutSize[];
  selected: string | null;
}) {
  if (sizes.length === 0) return null;
  return (
    <p className="back-in-stock-link">
      {t("Size sold out?")}{" "}
      <button
        type="button"
        className="back-in-stock-link__button"
        onClick={() =>
          openModal("back-in-stock", {
            name,
            sizes,
            ...(selected && sizes.some((s) => s.sku === selected) ? { selected } : {}),
          })
        }
      >
        {t("Mail me when my size is back")}
      </button>
    </p>
  );
}
