import { t } from "@etalage/core";
import { useState } from "react";
import { lazyComponent } from "../../lib/lazy-component.tsx";

/** The returns form in a chunk of its own: only an order page that opens it loads it. */
const ReturnForm = lazyComponent(() => import("./return-form.tsx"));

/**
 * "Retourneren" on an order's page (a customer's in my-account, a guest's from the mail): opens
 * the form with the lines that may go back (issue 25 item 3). `token` is a guest's proof.
 */
export default function ReturnAction({
  orderNumber,
  token,
}: {
  orderNumber: string;
  token?: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="return-action">
      {!open && (
        <button
          type="button"
          className="button button--outline"
          aria-controls="order-return"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          onPointerEnter={() => ReturnForm.preload()}
          onFocus={() => ReturnForm.preload()}
        >
          {t("Return items")}
        </button>
      )}
      <div id="order-return">
        {open && (
          <ReturnForm
            orderNumber={orderNumber}
            token={token}
            onClose={() => setOpen(false)}
            fallback={<p aria-busy="true">{t("Loading…")}</p>}
          />
        )}
      </div>
    </div>
  );
}
