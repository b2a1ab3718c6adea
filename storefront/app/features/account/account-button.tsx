import { t } from "@etalage/core";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import "./account.css";
import { logout, startAccount, useAccount } from "../../session/account-store.ts";
import { Icon } from "../../ui/icons.tsx";

/**
 * The header's account control: a link to /login for a guest; for a customer a small menu with
 * 'My account' and 'Log out'. The server renders the guest's link (it cannot know the session).
 */
export function AccountButton({ className, label }: { className: string; label?: boolean }) {
  const account = useAccount();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => startAccount(), []);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === "Escape"
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [open]);
  const text = label ? <span>{t("Account")}</span> : null;
  if (!account.ready || !account.token) {
    return (
      <Link to="/login" className={className} {...(label ? {} : { "aria-label": t("Log in") })}>
        <Icon name="user" />
        {text}
      </Link>
    );
  }
  return (
    <div className={label ? "account-menu account-menu--up" : "account-menu"} ref={root}>
      <button
        type="button"
        className={className}
        {...(label ? {} : { "aria-label": t("My account") })}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <Icon name="user" />
        {text}
      </button>
      {open && (
        <ul id={menuId} className="account-menu__list">
          <li>
            <Link to="/my-account" onClick={() => setOpen(false)}>
              {t("My account")}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setOpen(false);
                void logout();
              }}
            >
              {t("Log out")}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
