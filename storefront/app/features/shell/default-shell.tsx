import { t } from "@etalage/core";
import type { ReactNode } from "react";
import { ModalHost } from "../modals/modal-host.tsx";
import { NotificationHost } from "../notifications/notification-host.tsx";
import type { MenuItem } from "./menu.ts";
import { SellingPointsBar } from "./selling-points-bar.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { useShellOptions } from "./use-shell-options.ts";

/**
 * The default layout's frame (browsing §2 "Default layout"). Shared by the layout route and its
 * error boundary, so a failing page still has the header, footer and hosts around it.
 */
export function DefaultShell({ menu, children }: { menu: MenuItem[]; children: ReactNode }) {
  const options = useShellOptions();
  const withBar = !options.hideSellingPoints;
  return (
    <div className={withBar ? "shell shell--with-bottom-bar" : "shell"}>
      <a className="skip-link" href="#main">
        {t("Skip to content")}
      </a>
      <SiteHeader menu={menu} hideMobileHeader={options.hideMobileHeader} />
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
      {!options.hideFooter && <SiteFooter menu={menu} />}
      {withBar && <SellingPointsBar />}
      <NotificationHost />
      <ModalHost />
    </div>
  );
}
