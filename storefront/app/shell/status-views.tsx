import { t } from "@etalage/core";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import type { MenuBlock } from "../features/cms/shell-blocks.ts";
import { fallbackShellBlocks } from "./default-blocks.ts";
import { DefaultShell } from "./default-shell.tsx";
import { type MenuItem, menuItems } from "./menu.ts";
import { MinimalShell } from "./minimal-shell.tsx";

/*
 * The status pages' code, a chunk of its own: only a page that shows one loads it. Their styles
 * are status-page.tsx's, linked by every document, so a server-rendered error page is styled.
 */

/** Categories to offer when the page is gone and no menu could be loaded. */
const FALLBACK_LINKS: MenuItem[] = [
  { id: "kleding", name: "Kleding", href: "/kleding/" },
  { id: "schoenen", name: "Schoenen", href: "/schoenen/" },
  { id: "accessoires", name: "Accessoires", href: "/accessoires/" },
];

/** The page-not-found content, used by the route and by every error boundary that sees a 404. */
export function NotFoundContent({ menu }: { menu?: MenuBlock }) {
  const items = menuItems(menu);
  const links = items.length > 0 ? items : FALLBACK_LINKS;
  const headingId = useId();
  return (
    <StatusPage
      code="404"
      title={t("Page not found")}
      text={t(
        "Unfortunately we can't find the page you are looking for. It may have been moved or the address may be mistyped.",
      )}
    >
      <nav className="status-page__suggestions" aria-labelledby={headingId}>
        <h2 id={headingId} className="eyebrow">
          {t("Maybe you were looking for")}
        </h2>
        <ul className="status-page__chips">
          {links.map((link) => (
            <li key={link.id}>
              <Link to={link.href} className="status-page__chip">
                {link.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </StatusPage>
  );
}

/** The default layout's error page when its own loader failed: the shop's standing blocks. */
export function LayoutErrorPage({ status }: { status: number }) {
  const blocks = fallbackShellBlocks();
  return (
    <DefaultShell blocks={blocks}>
      {status === 404 ? <NotFoundContent menu={blocks.menu} /> : <ErrorContent status={status} />}
    </DefaultShell>
  );
}

/** The root error boundary's page: nothing of the default layout can be relied on there. */
export function RootErrorPage({ status }: { status: number }) {
  return (
    <MinimalShell>{status === 404 ? <NotFoundContent /> : <ErrorContent status={status} />}</MinimalShell>
  );
}

export function ErrorContent({ status }: { status?: number | undefined }) {
  return (
    <StatusPage
      code={status && status !== 500 ? String(status) : undefined}
      title={t("Something went wrong")}
      text={t("We're sorry, an error occurred. Please try again in a moment.")}
    >
      <p className="status-page__help">
        {t("Still not working? Our customer service is happy to help.")}{" "}
        <Link to="/klantenservice" className="text-link">
          {t("Contact customer service")}
        </Link>
      </p>
    </StatusPage>
  );
}

function StatusPage({
  code,
  title,
  text,
  children,
}: {
  code?: string;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <section className="status-page container">
      <div className="status-page__inner">
        {code && (
          <p className="status-page__code">
            <span className="visually-hidden">{t("Error code")}: </span>
            {code}
          </p>
        )}
        <h1 className="status-page__title">{title}</h1>
        <p className="status-page__text">{text}</p>
        <Link to="/" className="button">
          {t("Return to home page")}
        </Link>
        {children}
      </div>
    </section>
  );
}
