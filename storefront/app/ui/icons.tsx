import type { SVGProps } from "react";
import sprite from "./icons.svg?url&no-inline";

/**
 * Line icons on a 24 px grid, drawn once in `icons.svg` (a sprite of `<symbol>`s with hashed,
 * immutable caching). A page's JavaScript and HTML carry only the name: no drawing lands in a
 * chunk, so a page never ships icons it does not show (docs/decisions/0007-storefront-speed.md).
 * The stroke is set here and inherited by the symbol. Decorative: the control around an icon
 * carries the accessible name.
 */
export type IconName =
  | "alert"
  | "arrow-right"
  | "bag"
  | "check"
  | "chevron-down"
  | "chevron-left"
  | "chevron-right"
  | "clock"
  | "close"
  | "facebook"
  | "filter"
  | "heart"
  | "home"
  | "info"
  | "instagram"
  | "menu"
  | "pause"
  | "pinterest"
  | "play"
  | "return"
  | "search"
  | "shield"
  | "truck"
  | "user"
  | "youtube";

export function Icon({ name, className, ...props }: SVGProps<SVGSVGElement> & { name: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ? `icon ${className}` : "icon"}
      {...props}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
