import { formatDate, t } from "@etalage/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { askReturn, loadReturnable, type Returnable, type ReturnMade } from "./returns-api.ts";
import "./returns.css";

// Literal t() calls: the build compiles them into this chunk, so the shop's dictionary does not grow.
const REASONS: Record<string, string> = {
  too_small: t("Too small"),
  too_big: t("Too big"),
  not_as_expected: t("Not as expected"),
  damaged: t("Damaged or faulty"),
  wrong_item: t("Wrong item received"),
  changed_mind: t("Changed my mind"),
  other: t("Another reason"),
};

interface Choice {
  qty: number;
  reason: string;
}

/**
 * The shopper's return (issue 25 item 3): each line that may go back with a quantity and a reason,
 * the lines that may not with why, then the return number and its label. Loaded only when the
 * order page's "Retourneren" is pressed (features/returns/return-action.tsx).
 */
export default function ReturnForm({
  orderNumber,
  token,
}: {
  orderNumber: string;
  token?: string | undefined;
}) {
  const [data, setData] = useState<Returnable | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [error, setError] = useState<{ message: string; line?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ReturnMade | null>(null);
  // One key per return asked: a retry after a lost answer is the same return.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const heading = useRef<HTMLHeadingElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let live = true;
    void loadReturnable(orderNumber, token).then((answer) => {
      if (!live) return;
      if (answer.ok) setData(answer.value);
      else {
        setData(null);
        setLoadError(answer.message);
      }
    });
    return () => {
      live = false;
    };
  }, [orderNumber, token]);

  // The heading takes focus when the form first appears; the answer to a return keeps it after.
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  useEffect(() => {
    if (made) doneRef.current?.focus();
  }, [made]);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  if (data === undefined) return <p aria-busy="true">{t("Loading…")}</p>;
  if (data === null) return <p role="alert">{loadError}</p>;

  const choose = (id: number, change: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [id]: { qty: 0, reason: "", ...all[id], ...change } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lines = data.lines
      .map((l) => ({ id: l.id, qty: choices[l.id]?.qty ?? 0, reason: choices[l.id]?.reason ?? "" }))
      .filter((l) => l.qty > 0);
    if (lines.length === 0) return setError({ message: t("Choose at least one item to return") });
    const missing = lines.find((l) => !l.reason);
    if (missing)
      return setError({ message: t("Choose a reason for each item you return"), line: missing.id });
    setBusy(true);
    setError(null);
    const answer = await askReturn(orderNumber, token, key, lines);
    setBusy(false);
    if (!answer.ok) {
      const index = /^body\.lines\[(\d+)\]/.exec(answer.field ?? "")?.[1];
      const line = index === undefined ? undefined : lines[Number(index)]?.id;
      return setError({ message: answer.message, ...(line !== undefined ? { line } : {}) });
    }
    setMade(answer.value);
    setKey(crypto.randomUUID());
    const fresh = await loadReturnable(orderNumber, token);
    if (fresh.ok) setData(fresh.value);
    setChoices({});
  };

  const returnable = data.lines.some((l) => l.returnable > 0);
  return (
    <section className="returns" aria-labelledby="returns-title">
      <h2 id="returns-title" ref={heading} tabIndex={-1}>
        {t("Return items")}
      </h2>
      {made && (
        <div className="returns__done" role="status" tabIndex={-1} ref={doneRef} data-testid="return-made">
          <p>
            {t("Your return is registered. Your return number is")}{" "}
            <strong data-testid="return-number">{made.number}</strong>.
          </p>
          <p>{t("We have sent you an e-mail with the return label.")}</p>
          <p>
            <a className="button" href={made.label_url} target="_blank" rel="noopener">
              {t("Print the return label")}
            </a>
          </p>
        </div>
      )}
      {data.window.open && data.window.until ? (
        <p>{t("You can return items until {date}.", { date: formatDate(data.window.until) })}</p>
      ) : (
        <p className="returns__closed">{data.window.message}</p>
      )}
      {data.returns.length > 0 && (
        <>
          <h3>{t("Your returns")}</h3>
          <ul className="returns__list">
            {data.returns.map((r) => (
              <li key={r.number}>
                {r.number} · {r.status_label} ·{" "}
                <a href={r.label_url} target="_blank" rel="noopener">
                  {t("Return label")}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {data.window.open && (
        <form onSubmit={submit} noValidate className="returns__form">
          {data.lines.map((line) => (
            <fieldset
              key={line.id}
              className="returns__line"
              aria-invalid={error?.line === line.id ? true : undefined}
              aria-describedby={error?.line === line.id ? "returns-error" : undefined}
            >
              <legend>
                {line.name}
                {line.options.map((o) => (
                  <small key={o.label}>
                    {o.label}: {o.value}
                  </small>
                ))}
              </legend>
              {line.returnable > 0 ? (
                <div className="returns__choices">
                  <label>
                    {t("Quantity")}
                    <select
                      name={`qty-${line.id}`}
                      value={choices[line.id]?.qty ?? 0}
                      onChange={(e) => choose(line.id, { qty: Number(e.target.value) })}
                    >
                      {Array.from({ length: line.returnable + 1 }, (_, n) => n).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    {t("Reason")}
                    <select
                      name={`reason-${line.id}`}
                      value={choices[line.id]?.reason ?? ""}
                      onChange={(e) => choose(line.id, { reason: e.target.value })}
                    >
                      <option value="">{t("Choose a reason")}</option>
                      {data.reasons.map((code) => (
                        <option key={code} value={code}>
                          {REASONS[code] ?? code}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
              ) : (
                <p className="returns__refusal">{line.message}</p>
              )}
            </fieldset>
          ))}
          {error && (
            <p id="returns-error" className="returns__error" role="alert" tabIndex={-1} ref={errorRef}>
              {error.message}
            </p>
          )}
          {returnable && (
            <button type="submit" className="button" disabled={busy} aria-busy={busy}>
              {t("Register return")}
            </button>
          )}
        </form>
      )}
    </section>
  );
}
