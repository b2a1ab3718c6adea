import { COMPARE_LIMIT, type CompareEntry, t } from "@etalage/core";
import { notify } from "../../lib/notification-store.ts";
import { addToCompareList, removeFromCompare, useCompared } from "../../session/compare-store.ts";
import "./compare-button.css";

/**
 * "Vergelijk" on a card or the product page (issue 29): a toggle, pressed while the product is
 * compared. A fifth product, or one of another kind, is refused with a toast that says why and
 * offers the compare page. `entry` is what the caller knows of the product; the compare page
 * completes it from the catalogue.
 */
export function CompareButton({ entry, className = "" }: { entry: () => CompareEntry; className?: string }) {
  const compared = useCompared();
  const { key, name } = entry();
  const on = compared.some((e) => e.key === key);
  const toggle = () => {
    if (on) {
      removeFromCompare(key);
      return;
    }
    const outcome = addToCompareList(entry());
    if (outcome.ok) return;
    notify({
      type: "warning",
      message:
        outcome.reason === "full"
          ? t("You can compare up to {n} products. Remove one to add {name}.", { n: COMPARE_LIMIT, name })
          : t("You are comparing {kind}; {name} is another kind of product.", {
              kind: outcome.kind ?? "",
              name,
            }),
      action1: { label: t("Compare products"), action: () => window.location.assign("/vergelijken") },
    });
  };
  return (
    <button
      type="button"
      className={`compare-button ${className}`.trim()}
      aria-pressed={on}
      aria-label={on ? t("Remove {name} from comparison", { name }) : t("Compare {name}", { name })}
      onClick={toggle}
      data-testid="compare-button"
    >
      <span className="compare-button__box" aria-hidden="true" />
      {t("Compare")}
    </button>
  );
}
