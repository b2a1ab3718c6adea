import type { MouseEvent, ReactNode } from "react";
import { openModal } from "../../session/modal-store.ts";

/**
 * A link to /storelocator that opens the store-list or store-locator modal instead, where the
 * page has JavaScript and the shopper did not ask for a new tab.
 */
export function StoresModalLink({
  modal,
  className,
  children,
}: {
  modal: "store-list" | "store-locator";
  className?: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openModal(modal);
  };
  return (
    <a href="/storelocator" className={className} onClick={onClick} aria-haspopup="dialog">
      {children}
    </a>
  );
}
