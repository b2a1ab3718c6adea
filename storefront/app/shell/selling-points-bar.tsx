import { t } from "@etalage/core";
import { useEffect, useState } from "react";
import {
  isExternal,
  linkHref,
  type SellingPointBlock,
  type SellingPointIcon,
} from "../features/cms/shell-blocks.ts";
import { ShopLink } from "../lib/shop-link.tsx";
import { Icon, type IconName } from "../ui/icons.tsx";
import "./selling-points-bar.css";

/** Rotation interval (browsing §2 "Default layout"). */
const SELLING_POINTS_INTERVAL_MS = 5000;

const ICONS: Record<SellingPointIcon, IconName> = {
  check: "check",
  truck: "truck",
  clock: "clock",
  return: "return",
};

/**
 * The selling-points bar. Phones see one point at a time, rotating; from 1024 px all fit.
 * Every point stays in the accessibility tree, so a screen reader reads the whole list once
 * instead of hearing it change; hovering or focusing pauses the rotation.
 */
export function SellingPointsBar({ points }: { points: SellingPointBlock[] }) {
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

  if (points.length === 0) return null;
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
        {points.map((point, index) => {
          return (
            <li
              key={`${point.labelBold}${point.labelNormal}`}
              className="selling-points__item"
              data-active={index === active || undefined}
            >
              <Icon name={ICONS[point.icon ?? "check"] ?? "check"} />
              <SellingPointText point={point} />
            </li>
          );
        })}
      </ul>
    </aside>
  );
}

function SellingPointText({ point }: { point: SellingPointBlock }) {
  const text = (
    <span>
      <strong>{point.labelBold}</strong> {point.labelNormal}
    </span>
  );
  if (!point.link) return text;
  const href = linkHref(point.link);
  return isExternal(href) ? (
    <a href={href} rel="noopener noreferrer" target="_blank">
      {text}
    </a>
  ) : (
    <ShopLink to={href}>{text}</ShopLink>
  );
}
