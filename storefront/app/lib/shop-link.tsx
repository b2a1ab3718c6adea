import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useState } from "react";
import { type NavigateFunction, PrefetchPageLinks, useNavigate } from "react-router";

/*
 * A plain anchor that the router follows, for the long lists of links every page renders (filter
 * options, pagination, menus, footer). React Router's <Link> resolves its path against the route
 * matches and sets up prefetching for each instance: with ~120 links that was ≈ 10 % of a
 * category page's server render (docs/decisions/0007-storefront-speed.md). These paths are
 * absolute, so there is nothing to resolve. `IntentShopLink` adds <Link prefetch="intent">'s
 * prefetching for the links a shopper most likely follows (product cards).
 */

let navigate: NavigateFunction | undefined;

/** Root calls this once: shop links navigate through the router from hydration on. */
export function useShopLinks(): void {
  const routerNavigate = useNavigate();
  useEffect(() => {
    navigate = routerNavigate;
    return () => {
      if (navigate === routerNavigate) navigate = undefined;
    };
  }, [routerNavigate]);
}

export interface ShopLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An absolute shop path, with its query (`/kleding/overhemden/?color=53`). */
  to: string;
  replace?: boolean;
  preventScrollReset?: boolean;
}

export function ShopLink({ to, replace, preventScrollReset, onClick, ...rest }: ShopLinkProps) {
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        followShopLink(event, to, { replace, preventScrollReset });
      }}
    />
  );
}

/**
 * A shop link whose page (code and data) is fetched once a shopper points at it or focuses it,
 * as React Router's <Link prefetch="intent"> does.
 */
export function IntentShopLink({ onPointerEnter, onFocus, ...props }: ShopLinkProps) {
  const [intent, setIntent] = useState(false);
  return (
    <>
      <ShopLink
        {...props}
        onPointerEnter={(event) => {
          onPointerEnter?.(event);
          setIntent(true);
        }}
        onFocus={(event) => {
          onFocus?.(event);
          setIntent(true);
        }}
      />
      {intent && <PrefetchPageLinks page={props.to} />}
    </>
  );
}

/**
 * The router takes the click unless the browser should: another button or a modifier key (new
 * tab, download), another target, a handler that already prevented it, or no router yet.
 */
function followShopLink(
  event: MouseEvent<HTMLAnchorElement>,
  to: string,
  options: { replace?: boolean | undefined; preventScrollReset?: boolean | undefined } = {},
): void {
  if (!navigate || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const target = event.currentTarget.getAttribute("target");
  if (target && target !== "_self") return;
  event.preventDefault();
  void navigate(to, options);
}
