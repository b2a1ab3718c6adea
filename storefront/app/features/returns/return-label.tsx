import { formatDate, t } from "@etalage/core";
import { useEffect, useState } from "react";
import { Barcode } from "./barcode.tsx";
import { loadReturnLabel, type ReturnLabel } from "./returns-api.ts";
import "./return-label.css";

function Address({ title, lines }: { title: string; lines: string[] }) {
  return (
    <section className="return-label__address" aria-label={title}>
      <h2>{title}</h2>
      <address>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in their fixed order.
          <span key={i}>{line}</span>
        ))}
      </address>
    </section>
  );
}

/**
 * The printable return label (issue 25 item 3): the return number as a Code 128 barcode, where the
 * parcel goes and who sends it, and what is in it. Opened with the order page's proof: a guest's
 * token, or the signed-in customer.
 */
export function ReturnLabelView({ number, token }: { number: string; token?: string | undefined }) {
  const [label, setLabel] = useState<ReturnLabel | null | undefined>(undefined);
  const [problem, setProblem] = useState("");
  useEffect(() => {
    let live = true;
    void loadReturnLabel(number, token).then((answer) => {
      if (!live) return;
      if (answer.ok) setLabel(answer.value);
      else {
        setProblem(answer.message === t("Order not found") ? t("Return not found") : answer.message);
        setLabel(null);
      }
    });
    return () => {
      live = false;
    };
  }, [number, token]);

  if (label === undefined) return <p aria-busy="true">{t("Loading…")}</p>;
  if (label === null)
    return (
      <div className="return-label">
        <h1>{t("Return label")}</h1>
        <p role="alert">{problem}</p>
      </div>
    );
  return (
    <article className="return-label" aria-labelledby="return-label-title">
      <div className="return-label__actions">
        <button type="button" className="button" onClick={() => window.print()}>
          {t("Print")}
        </button>
      </div>
      <h1 id="return-label-title">{t("Return label")}</h1>
      <div className="return-label__sheet">
        <Barcode value={label.number} label={t("Barcode of return {number}", { number: label.number })} />
        <p className="return-label__number" data-testid="label-number">
          {label.number}
        </p>
        <div className="return-label__addresses">
          <Address title={t("To")} lines={label.return_address} />
          <Address title={t("From")} lines={label.sender} />
        </div>
      </div>
      <section className="return-label__contents" aria-labelledby="return-label-contents">
        <h2 id="return-label-contents">{t("In this parcel")}</h2>
        <p>
          {t("Order {number}", { number: label.order_number })} ·{" "}
          {t("Registered on {date}", { date: formatDate(label.created_at) })}
        </p>
        <ul>
          {label.lines.map((line) => (
            <li key={`${line.sku}-${line.options.map((o) => o.value).join("-")}`}>
              {line.units} × {line.name}
              {line.options.length > 0 &&
                ` (${line.options.map((o) => `${o.label}: ${o.value}`).join(", ")})`}{" "}
              — {line.reason_label}
            </li>
          ))}
        </ul>
      </section>
      <section className="return-label__how" aria-labelledby="return-label-how">
        <h2 id="return-label-how">{t("How to send it")}</h2>
        <ol>
          <li>{t("Pack the items, with their labels, in the parcel.")}</li>
          <li>{t("Print this page and stick the label on the parcel.")}</li>
          <li>{t("Take the parcel to a PostNL point. Keep the receipt.")}</li>
        </ol>
      </section>
    </article>
  );
}
