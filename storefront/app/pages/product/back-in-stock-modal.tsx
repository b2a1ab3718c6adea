import { t } from "@etalage/core";
import { type FormEvent, useId, useRef, useState } from "react";
import type { ModalProps } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import "./back-in-stock.css";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Outcome = "sent" | "in-stock" | "too-many" | "invalid-email" | "failed";

/** `POST /api/stock/alert`: the server keeps the address and mails it once the size is back. */
async function ask(sku: string, email: string): Promise<Outcome> {
  try {
    const response = await fetch("/api/stock/alert", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sku, email }),
    });
    if (response.ok) return "sent";
    if (response.status === 409) return "in-stock";
    if (response.status === 429) return "too-many";
    const body = (await response.json().catch(() => null)) as { result?: string } | null;
    return body?.result?.startsWith("body.email") ? "invalid-email" : "failed";
  } catch {
    return "failed";
  }
}

/**
 * "Mail me als mijn maat er weer is" (issue 14): the sold-out sizes of the colour chosen and an
 * address. Its own chunk, fetched when the shopper opens it.
 */
export default function BackInStockModal({ payload, close }: ModalProps<"back-in-stock">) {
  const [status, setStatus] = useState<"idle" | "sending" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string>("");
  const email = useRef<HTMLInputElement>(null);
  const ids = { size: useId(), email: useId(), error: useId() };
  const [first] = payload.sizes;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const sku = String(data.get("sku") ?? first?.sku ?? "");
    const address = String(data.get("email") ?? "").trim();
    if (!EMAIL.test(address)) {
      setError(t("Please enter a valid email address"));
      email.current?.focus();
      return;
    }
    setError(null);
    setStatus("sending");
    const outcome = await ask(sku, address);
    if (outcome === "sent") {
      setSent(payload.sizes.find((s) => s.sku === sku)?.label ?? "");
      setStatus("sent");
      return;
    }
    setStatus("idle");
    setError(
      outcome === "invalid-email"
        ? t("Please enter a valid email address")
        : outcome === "too-many"
          ? t("Too many attempts. Try again in a few minutes.")
          : outcome === "in-stock"
            ? t("This size is in stock again: you can order it now.")
            : t("We're sorry, an error occurred. Please try again in a moment."),
    );
    if (outcome === "invalid-email") email.current?.focus();
  };

  return (
    <Dialog title={t("Mail me when my size is back")} onClose={close}>
      {status === "sent" ? (
        <div className="dialog__message">
          <p role="status">{t("We will mail you when size {size} is back.", { size: sent })}</p>
          <button type="button" className="button" onClick={close}>
            {t("OK")}
          </button>
        </div>
      ) : (
        <form className="back-in-stock" noValidate onSubmit={onSubmit}>
          <p className="back-in-stock__lead">
            {payload.name}: {t("we mail you once, as soon as it can be ordered again.")}
          </p>
          <div className="back-in-stock__field">
            <label htmlFor={ids.size}>{t("Size")}</label>
            <select id={ids.size} name="sku" defaultValue={payload.selected ?? first?.sku}>
              {payload.sizes.map((size) => (
                <option key={size.sku} value={size.sku}>
                  {size.label}
                </option>
              ))}
            </select>
          </div>
          <div className="back-in-stock__field">
            <label htmlFor={ids.email}>{t("Your e-mail address")}</label>
            <input
              ref={email}
              id={ids.email}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            />
          </div>
          {error && (
            <p id={ids.error} className="back-in-stock__error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button" disabled={status === "sending"}>
            {status === "sending" ? t("Sending…") : t("Let me know")}
          </button>
        </form>
      )}
    </Dialog>
  );
}
