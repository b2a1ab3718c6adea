import { type StaffAction, type StaffRole, t } from "@etalage/core";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, NavLink } from "react-router";
import type { StaffSessionView } from "./back-office-api.ts";

// Literal t() calls: the build compiles them, so the shop's dictionary does not grow.
const SECTIONS: { to: string; label: string; text?: string; needs?: StaffAction }[] = [
  { to: "/beheer", label: t("Back office") },
  {
    to: "/beheer/bestellingen",
    label: t("Orders"),
    text: t("Find orders, ship them, cancel and refund."),
    needs: "orders.read",
  },
  {
    to: "/beheer/reviews",
    label: t("Review moderation"),
    text: t("Approve or reject the reviews shoppers wrote."),
    needs: "reviews.moderate",
  },
  {
    to: "/beheer/retouren",
    label: t("Returns"),
    text: t("Receive returned parcels, refund or reject them."),
    needs: "returns.manage",
  },
  {
    to: "/beheer/webhooks",
    label: t("Webhooks"),
    text: t("Where orders and returns are sent to a warehouse or ERP, and what was sent."),
    needs: "webhooks.manage",
  },
  {
    to: "/beheer/logboek",
    label: t("Audit log"),
    text: t("Every action of every staff member."),
    needs: "audit.read",
  },
  {
    to: "/beheer/beveiliging",
    label: t("Security"),
    text: t("Your authenticator app and passkeys for signing in."),
  },
];

/** The sections a staff member's role opens, in the order the navigation shows them. */
export function sectionsFor(session: StaffSessionView) {
  return SECTIONS.filter((s) => !s.needs || session.permissions.includes(s.needs));
}

/** The back office's own frame: no shop header or footer, a navigation by role, and logout. */
export function BackOfficeFrame({
  session,
  onLogout,
  children,
}: {
  session: StaffSessionView | null;
  onLogout?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="bo">
      <a className="bo__skip" href="#bo-main">
        {t("Skip to content")}
      </a>
      <header className="bo__header">
        <p className="bo__brand">Etalage {t("Back office").toLowerCase()}</p>
        {session ? (
          <>
            <nav aria-label={t("Back office navigation")}>
              <ul className="bo__nav">
                {sectionsFor(session).map((s) => (
                  <li key={s.to}>
                    <NavLink to={s.to} end={s.to === "/beheer"}>
                      {s.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="bo__who">
              <span>{session.staff.email}</span>
              <button type="button" className="bo__button bo__button--quiet" onClick={onLogout}>
                {t("Log out")}
              </button>
            </div>
          </>
        ) : null}
      </header>
      <main id="bo-main" className="bo__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** A role as the back office names it. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  beheerder: t("Role: beheerder"),
  klantenservice: t("Role: klantenservice"),
  redacteur: t("Role: redacteur"),
};

/** A page's heading, focused when the page opens so a screen reader starts there. */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1} className="bo__title">
      {children}
    </h1>
  );
}

/** An error or confirmation, announced, and focused when it appears. */
export function Notice({ kind, children }: { kind: "error" | "done"; children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role={kind === "error" ? "alert" : "status"}
      className={`bo__notice bo__notice--${kind}`}
    >
      {children}
    </p>
  );
}

export function Loading() {
  return <p className="bo__loading">{t("Loading…")}</p>;
}

/**
 * A wide table's box: at a phone's width it scrolls sideways, so it is named and reachable by
 * keyboard (a scrolling region nobody can focus cannot be scrolled without a mouse).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard (WCAG 2.1.1).
    <section className="bo__table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** A list page's status filter: a GET form, so the chosen status is the page's address. */
export function StatusFilter({
  id,
  value,
  allLabel,
  options,
}: {
  id: string;
  value: string;
  allLabel: string;
  options: Record<string, string>;
}) {
  return (
    <Form method="get" className="bo__filters">
      <div className="bo__field">
        <label htmlFor={id}>{t("Status")}</label>
        <select id={id} name="status" defaultValue={value}>
          <option value="">{allLabel}</option>
          {Object.entries(options).map(([option, label]) => (
            <option key={option} value={option}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="bo__filter-actions">
        <button type="submit" className="bo__button">
          {t("Show")}
        </button>
      </div>
    </Form>
  );
}
