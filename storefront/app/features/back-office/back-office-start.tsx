import { formatPrice, t } from "@etalage/core";
import { Link } from "react-router";
import type { StaffSessionView } from "./back-office-api.ts";
import { PageHeading, ROLE_LABELS, sectionsFor } from "./back-office-frame.tsx";

/** `/beheer`: who is signed in, and the sections their role opens. */
export function StartPage({ session }: { session: StaffSessionView }) {
  const time = new Intl.DateTimeFormat("nl-NL", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Amsterdam",
  });
  const sections = sectionsFor(session).filter((s) => s.to !== "/beheer");
  return (
    <section>
      <PageHeading>{t("Back office")}</PageHeading>
      <p data-testid="signed-in-as">
        {t("Signed in as {email} ({role}).", {
          email: session.staff.email,
          role: ROLE_LABELS[session.staff.role],
        })}
      </p>
      <p className="bo__hint">
        {t("Your session ends at {time} unless you keep working.", {
          time: time.format(new Date(session.expires_at)),
        })}
      </p>
      {session.refund_limit_eur !== null && session.permissions.includes("orders.refund") ? (
        <p>{t("Refunds up to {amount} on your own.", { amount: formatPrice(session.refund_limit_eur) })}</p>
      ) : null}
      <ul className="bo__cards">
        {sections.map((s) => (
          <li key={s.to} className="bo__card">
            <h2>
              <Link to={s.to}>{s.label}</Link>
            </h2>
            <p>{s.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
