import { t } from "@etalage/core";
import { useState } from "react";
import { Dialog } from "../../ui/dialog.tsx";
import type { ModalProps } from "./modal-registry.ts";
import "./size-guide.css";

type Table = "shirts" | "shoes";

/** Body measurements in cm, Dutch notation: what our fitting advisors use in the shops. */
const SHIRTS = [
  ["S", "37/38", "94–100", "82–88"],
  ["M", "39/40", "100–106", "88–94"],
  ["L", "41/42", "106–112", "94–100"],
  ["XL", "43/44", "112–118", "100–106"],
  ["XXL", "45/46", "118–124", "106–112"],
] as const;

const SHOES = [
  ["40", "6,5", "7,5", "25,4"],
  ["41", "7", "8", "26,0"],
  ["42", "8", "9", "26,7"],
  ["43", "9", "10", "27,3"],
  ["44", "9,5", "10,5", "28,0"],
  ["45", "10,5", "11,5", "28,6"],
  ["46", "11", "12", "29,3"],
] as const;

export default function SizeGuideModal({ payload, close }: ModalProps<"size-guide">) {
  const [table, setTable] = useState<Table>(payload?.table ?? "shirts");
  return (
    <Dialog title={t("Size guide")} onClose={close} size="large">
      <div className="size-guide">
        <fieldset className="size-guide__switch">
          <legend className="visually-hidden">{t("Choose a size table")}</legend>
          {(["shirts", "shoes"] as const).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={table === key}
              className="size-guide__option"
              onClick={() => setTable(key)}
            >
              {key === "shirts" ? t("Shirts") : t("Shoes")}
            </button>
          ))}
        </fieldset>

        {table === "shirts" ? (
          <SizeTable
            caption={t("Shirt sizes, body measurements in cm")}
            head={[t("Size"), t("Collar"), t("Chest"), t("Waist")]}
            rows={SHIRTS}
          />
        ) : (
          <SizeTable
            caption={t("Shoe sizes")}
            head={[t("EU"), t("UK"), t("US"), t("Foot length (cm)")]}
            rows={SHOES}
          />
        )}

        <div className="size-guide__tip">
          <h3>{t("How to measure")}</h3>
          <p>
            {table === "shirts"
              ? t("Measure your collar just below the Adam's apple, and your chest at its widest point.")
              : t("Stand on a sheet of paper and measure from your heel to your longest toe.")}
          </p>
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
