import { t } from "@etalage/core";
import { Link } from "react-router";
import "./logo.css";

/* The wordmark as strokes, so it is crisp at any density and needs no font (browsing §9: 186x26). */
const WORDMARK =
  "M13.7 3.3H1.3V22.7H13.7M1.3 13H12.2M25.67 3.3H42.67M34.17 3.3V22.7M54.03 24L62.13 3.3H64.53L72.63 24M57.93 16.6H68.73M85.3 3.3V22.7H96.7M109.37 24L117.47 3.3H119.87L127.97 24M113.27 16.6H124.07M156.67 6.51A9.2 9.7 0 1 0 159.03 13H150.33M184.7 3.3H172.3V22.7H184.7M172.3 13H183.2";

export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" title={t("Home Page")} className={className ? `logo ${className}` : "logo"}>
      <svg viewBox="0 0 186 26" width="186" height="26" aria-hidden="true" focusable="false">
        <path d={WORDMARK} fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinejoin="miter" />
      </svg>
      <span className="visually-hidden">Etalage</span>
    </Link>
  );
}
