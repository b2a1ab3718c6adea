import type { ReactNode } from "react";
import { isExternal } from "../features/cms/shell-blocks.ts";
import { ShopLink } from "../lib/shop-link.tsx";

/** Shop paths through the router; full addresses in a new tab (browsing §2 "CMS pages"). */
export function MenuAnchor({
  href,
  className,
  onClick,
  children,
}: {
  href: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return isExternal(href) ? (
    <a href={href} className={className} rel="noopener noreferrer" target="_blank" onClick={onClick}>
      {children}
    </a>
  ) : (
    <ShopLink to={href} className={className} onClick={onClick}>
      {children}
    </ShopLink>
  );
}
