import { t } from "@etalage/core";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CheckIcon } from "../../ui/icons.tsx";
import "./selling-points-bar.css";

export interface SellingPoint {
  labelBold: string;
  labelNormal: string;
  link?: string;
}

/** Rotation interval (browsing §2 "Default layout"). */
export const SELLING_POINTS_INTERVAL_MS = 5000;

/** Shown until the CMS supplies selling points (browsing §3 "CMS blocks"). */
export function defaultSellingPoints(): SellingPoint[] {
  return [
    { labelBold: t("Free shipping"), labelNormal: t("from € 75") },
    { labelBold: t("Ordered before 22:00,"), labelNormal: t("delivered tomorrow") },
    { labelBold: t("30 days"), labelNormal: t("to return, free of charge") },
  ];
}

/**
 * The fixed bar at the bottom. Phones see one point at a time, rotating; from 1024 px all fit.
 * Every point stays in the accessibility tree, so a screen reader reads the whole list once
 * instead of hearing it change; hovering or focusing pauses the rotation.
 */
export function SellingPointsBar({ points = defaultSellingPoints() }: { points?: SellingPoint[] }) {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || points.length < 2) return;
    const timer = window.setInterval(
      () => setActive((index) => (index + 1) % points.length),
      SELLING_POINTS_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [paused, points.length]);

  return (
    <aside
      className="selling-points on-ink"
      aria-label={t("Our promises")}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul className="selling-points__list">
        {points.map((point, index) => (
          <li
            key={point.labelBold}
            className="selling-points__item"
            data-active={index === active || undefined}
          >
            <CheckIcon />
            <SellingPointText point={point} />
          </li>
        ))}
      </ul>
    </aside>
  );
}

function SellingPointText({ point }: { point: SellingPoint }) {
  const text = (
    <span>
      <strong>{point.labelBold}</strong> {point.labelNormal}
    </span>
  );
  return point.link ? <Link to={point.link}>{text}</Link> : text;
}
