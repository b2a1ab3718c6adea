import { t } from "@etalage/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FacebookIcon, InstagramIcon, PinterestIcon, ShieldIcon, YoutubeIcon } from "../../ui/icons.tsx";
import { openModal } from "../modals/modal-store.ts";
import { NewsletterForm } from "../newsletter/newsletter-form.tsx";
import type { MenuItem } from "./menu.ts";
import { aboutLinks, type FooterLink, legalLinks, serviceLinks } from "./service-links.ts";
import "./site-footer.css";

const SOCIAL = [
  { label: "Instagram", href: "https://www.instagram.com/", Icon: InstagramIcon },
  { label: "Facebook", href: "https://www.facebook.com/", Icon: FacebookIcon },
  { label: "Pinterest", href: "https://www.pinterest.com/", Icon: PinterestIcon },
  { label: "YouTube", href: "https://www.youtube.com/", Icon: YoutubeIcon },
];

const PAYMENT_METHODS = ["iDEAL", "Visa", "Mastercard", "PayPal", "Klarna"];

/** Footer (browsing §2): newsletter, link columns, social links, the trust badge and copyright. */
export function SiteFooter({ menu }: { menu: MenuItem[] }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__top">
        <NewsletterForm
          title={t("Stay up to date")}
          subtitle={t("Sign up for our newsletter and receive 10% discount on your next order")}
        />
        <div className="site-footer__columns">
          <LinkColumn title={t("Customer service")} links={serviceLinks()}>
            <li>
              <button
                type="button"
                className="site-footer__link-button"
                onClick={() => openModal("size-guide")}
              >
                {t("Size guide")}
              </button>
            </li>
          </LinkColumn>
          <LinkColumn title={t("About Etalage")} links={aboutLinks()} />
          {menu.length > 0 && (
            <LinkColumn title={t("Shop")} links={menu.map((m) => ({ label: m.name, href: m.href }))} />
          )}
        </div>
      </div>

      <div className="container site-footer__trust">
        <div className="site-footer__social">
          <h2 className="site-footer__heading">{t("Follow us")}</h2>
          <ul className="site-footer__social-list">
            {SOCIAL.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  className="icon-button site-footer__social-link"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  <Icon />
                  <span className="visually-hidden">
                    {label} ({t("opens in a new tab")})
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p className="site-footer__badge">
          <ShieldIcon />
          <span>
            <strong>{t("Member of the Dutch retail trade association")}</strong>
            <span className="site-footer__badge-note">{t("Safe shopping, with a guarantee")}</span>
          </span>
        </p>
        <ul className="site-footer__payments" aria-label={t("Payment methods")}>
          {PAYMENT_METHODS.map((method) => (
            <li key={method}>{method}</li>
          ))}
        </ul>
      </div>

      <div className="container site-footer__bottom">
        <p>
          © {new Date().getFullYear()} Etalage. {t("All rights reserved")}
        </p>
        <ul className="site-footer__legal">
          {legalLinks().map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}

function LinkColumn({
  title,
  links,
  children,
}: {
  title: string;
  links: FooterLink[];
  children?: ReactNode;
}) {
  return (
    <nav className="site-footer__column" aria-label={title}>
      <h2 className="site-footer__heading">{title}</h2>
      <ul className="site-footer__links">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href}>{link.label}</Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}
