import { t } from "@etalage/core";
import { Link } from "react-router";
import sprite from "./icons.svg?url&no-inline";
import "./logo.css";

/** The wordmark, drawn once in the icon sprite (its `wordmark` symbol), so no chunk carries it. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" title={t("Home Page")} className={className ? `logo ${className}` : "logo"}>
      <svg
        viewBox="0 0 186 26"
        width="186"
        height="26"
        fill="none"
        stroke="currentColor"
        aria-hidden="true"
        focusable="false"
      >
        <use href={`${sprite}#wordmark`} />
      </svg>
      <span className="visually-hidden">Etalage</span>
    </Link>
  );
}
