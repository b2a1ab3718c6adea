import { isExternalHref } from "@etalage/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type CmsLink, linkHref } from "./shell-blocks.ts";

/**
 * A CMS link (browsing §2 "CMS pages"): http, www and // are external and open in a new tab with
 * rel noopener; mailto/tel and anchors stay plain anchors; shop paths go through the router.
 */
export function CmsAnchor(props: {
  link: CmsLink;
  className?: string;
  children: ReactNode;
  "aria-label"?: string;
}) {
  const { link, className, children } = props;
  const href = linkHref(link);
  if (isExternalHref(link.url || link.cached_url)) {
    return (
      <a
        href={href}
        className={className}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={props["aria-label"]}
      >
        {children}
      </a>
    );
  }
  if (/^([a-z][a-z\d+.-]*:|#)/i.test(href)) {
    return (
      <a href={href} className={className} aria-label={props["aria-label"]}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} className={className} prefetch="intent" aria-label={props["aria-label"]}>
      {children}
    </Link>
  );
}

/** Whether a link leads anywhere (editors may leave both fields empty). */
export function hasTarget(link: CmsLink | undefined): link is CmsLink {
  return link !== undefined && (link.url !== "" || link.cached_url !== "");
}
