import { t } from "@etalage/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "../ui/logo.tsx";
import { NotificationHost } from "../ui/notification-host.tsx";
import { TERMS_PATH, TermsLink } from "../ui/privacy-link.tsx";
import { ModalHost } from "./modals/modal-host.tsx";
import { legalLinks } from "./service-links.ts";
import "./minimal-shell.css";

/**
 * The minimal layout's frame (browsing §2 route table: logo-only header and a footer). Also what
 * the root error boundary draws, since it cannot rely on any loader data.
 */
export function MinimalShell({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("Skip to content")}
      </a>
      <header className="minimal-header">
        <Logo />
      </header>
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
      <footer className="minimal-footer">
        <div className="container minimal-footer__inner">
          <p>
            © {new Date().getFullYear()} Etalage. {t("All rights reserved")}
          </p>
          <ul className="minimal-footer__links">
            <li>
              <Link to="/klantenservice">{t("Customer service")}</Link>
            </li>
            {legalLinks().map((link) => (
              <li key={link.href}>
                {link.href === TERMS_PATH ? (
                  <TermsLink>{link.label}</TermsLink>
                ) : (
                  <Link to={link.href}>{link.label}</Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      </footer>
      <NotificationHost />
      <ModalHost />
    </div>
  );
}
