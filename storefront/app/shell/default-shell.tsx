import { t } from "@etalage/core";
import type { ReactNode } from "react";
import type { ShellBlocks } from "../features/cms/shell-blocks.ts";
import { OfflineBadge } from "../features/offline/offline-badge.tsx";
import { SearchSidebar } from "../features/search/search-sidebar.tsx";
import { useStoredSearchText } from "../features/search/search-store.ts";
import { NotificationHost } from "../ui/notification-host.tsx";
import { CheckoutHeader } from "./checkout-header.tsx";
import { ModalHost } from "./modals/modal-host.tsx";
import { SellingPointsBar } from "./selling-points-bar.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { TabBar } from "./tab-bar.tsx";
import { useShellOptions } from "./use-shell-options.ts";
import "./default-shell.css";

/**
 * The default layout's frame (browsing §2 "Default layout"): header with menus, main area, footer,
 * the bottom dock (selling points, and the tab bar on phones), search sidebar, offline badge and
 * the modal and notification hosts. Shared by the layout route and its error boundary, so a
 * failing page still has everything around it.
 */
export function DefaultShell({ blocks, children }: { blocks: ShellBlocks; children: ReactNode }) {
  const options = useShellOptions();
  const withDock = !options.hideSellingPoints;
  useStoredSearchText();
  return (
    <div className={withDock ? "shell shell--with-dock" : "shell"}>
      <a className="skip-link" href="#main">
        {t("Skip to content")}
      </a>
      {options.checkoutHeader ? (
        <CheckoutHeader />
      ) : (
        <SiteHeader menu={blocks.menu} hideMobileHeader={options.hideMobileHeader} />
      )}
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
      {!options.hideFooter && <SiteFooter footer={blocks.footer} />}
      {withDock && (
        <div className="bottom-dock">
          <SellingPointsBar points={blocks.sellingPoints} />
          <TabBar />
        </div>
      )}
      <OfflineBadge />
      <SearchSidebar />
      <NotificationHost />
      <ModalHost />
    </div>
  );
}
