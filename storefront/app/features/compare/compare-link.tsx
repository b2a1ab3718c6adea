import { t } from "@etalage/core";
import { Link } from "react-router";
import { useCompared } from "../../session/compare-store.ts";
import "./compare-link.css";

/** The header's way to the compare page with the count, shown once a product is compared. */
export function CompareLink({ className = "" }: { className?: string }) {
  const count = useCompared().length;
  if (count === 0) return null;
  return (
    <Link to="/vergelijken" className={`compare-link ${className}`.trim()} data-testid="compare-link">
      {t("Compare")} <span className="compare-link__count">{count}</span>
      <span className="visually-hidden"> {t("chosen")}</span>
    </Link>
  );
}
