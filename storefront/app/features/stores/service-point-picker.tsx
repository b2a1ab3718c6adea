import { t } from "@etalage/core";
import { useRef, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { ServicePointChoice } from "../../session/modal-store.ts";
import { openModal } from "../../session/modal-store.ts";

/**
 * Checkout's way into the service-points modal: reads the postcode from the surrounding form and
 * puts the chosen point into the form's `servicePoint` field, the list of points when the page
 * has one, else a hidden field of its own. Without JavaScript checkout's own "Find pick-up
 * points" post does the same, so this shows only once the page is hydrated.
 */
export function ServicePointPicker() {
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  const [chosen, setChosen] = useState<ServicePointChoice | null>(null);
  const [ownField, setOwnField] = useState(false);
  if (!hydrated) return null;

  const open = () => {
    const form = button.current?.form;
    const postcode = form?.elements.namedItem("postcode");
    const field = form?.elements.namedItem("servicePoint");
    openModal("service-points", {
      postcode: postcode instanceof HTMLInputElement ? postcode.value : "",
      selected: field instanceof HTMLSelectElement ? field.value : (chosen?.code ?? ""),
      onSelect: (point) => {
        setChosen(point);
        const list = button.current?.form?.elements.namedItem("servicePoint");
        if (list instanceof HTMLSelectElement && [...list.options].some((o) => o.value === point.code)) {
          list.value = point.code;
          list.dispatchEvent(new Event("change", { bubbles: true }));
          setOwnField(false);
        } else setOwnField(true);
      },
    });
  };

  return (
    <div className="service-point-picker">
      <button ref={button} type="button" className="button button--outline" onClick={open}>
        {t("Choose a pick-up point")}
      </button>
      {chosen && (
        <p role="status">
          {t("Pick-up point")}: {chosen.name}, {chosen.street} {chosen.house_number}, {chosen.city}
        </p>
      )}
      {chosen && ownField && <input type="hidden" name="servicePoint" value={chosen.code} />}
    </div>
  );
}
