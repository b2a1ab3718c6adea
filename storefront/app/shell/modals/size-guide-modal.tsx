import { SIZE_TABLE_KEYS, SIZE_TABLES, type SizeTableKey, t } from "@etalage/core";
import { useState } from "react";
import type { ModalProps } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import "./size-guide.css";

/**
 * One table per kind of product (core/src/catalog/size-guide.ts); the product page opens the
 * one of its kind, the footer's link the shirts. The switch lets a shopper look up another kind.
 */
export default function SizeGuideModal({ payload, close }: ModalProps<"size-guide">) {
  const [key, setKey] = useState<SizeTableKey>(payload?.table ?? "shirts");
  const table = SIZE_TABLES[key];
  return (
    <Dialog title={t("Size guide")} onClose={close} size="large">
      <div className="size-guide">
        <fieldset className="size-guide__switch">
          <legend className="visually-hidden">{t("Choose a size table")}</legend>
          {SIZE_TABLE_KEYS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={key === option}
              className="size-guide__option"
              onClick={() => setKey(option)}
            >
              {t(SIZE_TABLES[option].label)}
            </button>
          ))}
        </fieldset>

        <SizeTable caption={t(table.caption)} head={table.head.map((h) => t(h))} rows={table.rows} />

        <div className="size-guide__tip">
          <h3>{t("How to measure")}</h3>
          <p>{t(table.tip)}</p>
        </div>
      </div>
    </Dialog>
  );
}

function SizeTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: readonly (readonly string[])[];
}) {
  return (
    <div className="size-guide__scroll">
      <table className="size-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([size, ...cells]) => (
            <tr key={size}>
              <th scope="row">{size}</th>
              {cells.map((cell, i) => (
                <td key={head[i + 1]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
