import { lookupTable, PAYMENT_BADGES, t } from "@etalage/core";
import { type FooterBlock, type FooterColumnBlock, linkHref } from "../features/cms/shell-blocks.ts";
import { NewsletterForm } from "../features/newsletter/newsletter-form.tsx";
import { StoresModalLink } from "../features/stores/stores-modal-link.tsx";
import { ShopLink } from "../lib/shop-link.tsx";
import { openModal } from "../session/modal-store.ts";
import { Icon, type IconName } from "../ui/icons.tsx";
import { TERMS_PATH, TermsLink } from "../ui/privacy-link.tsx";
import { MenuAnchor } from "./menu-anchor.tsx";
import { legalLinks } from "./service-links.ts";
import { openCookieSettings } from "./use-tracking-start.ts";

const SOCIAL_ICONS = lookupTable<IconName>({
  instagram: "instagram",
  facebook: "facebook",
  pinterest: "pinterest",
  youtube: "youtube",
});

/**
 * Footer (browsing §2): newsletter, link columns and social links from the footer block, then the
 * trust badge, payment methods and copyright, which are the shop's own and not editable content.
 * Hydrated on demand (site-footer.tsx).
 */
export function SiteFooterView({ footer }: { footer: FooterBlock }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__top">
        <NewsletterForm title={footer.newsletterTitle} subtitle={footer.newsletterSubtitle} />
        <div className="site-footer__columns">
          {footer.links.map((column) => (
            <LinkColumn key={column.title} column={column} />
          ))}
        </div>
      </div>

      <div className="container site-footer__trust">
        <div className="site-footer__social">
          <h2 className="site-footer__heading">{footer.socialSectionTitle}</h2>
          <ul className="site-footer__social-list">
            {footer.socialLinks.map(({ name, link }) => {
              const icon = SOCIAL_ICONS[name.toLowerCase()];
              return (
                <li key={name}>
                  <a
                    href={linkHref(link)}
                    className={icon ? "icon-button site-footer__social-link" : "site-footer__social-text"}
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    {icon ? <Icon name={icon} /> : name}
                    <span className="visually-hidden">
                      {icon ? `${name} ` : " "}({t("opens in a new tab")})
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        <p className="site-footer__badge">
          <Icon name="shield" />
          <span>
            <strong>{t("Member of the Dutch retail trade association")}</strong>
            <span className="site-footer__badge-note">{t("Safe shopping, with a guarantee")}</span>
          </span>
        </p>
        <ul className="site-footer__payments" aria-label={t("Payment methods")}>
          {/* Core's one list of what the checkout offers (issue 14: PayPal and Klarna were shown, not offered). */}
          {PAYMENT_BADGES.map((method) => (
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
              {link.href === TERMS_PATH ? (
                <TermsLink>{link.label}</TermsLink>
              ) : (
                <ShopLink to={link.href}>{link.label}</ShopLink>
              )}
            </li>
          ))}
          <li>
            <button type="button" className="site-footer__link-button" onClick={openCookieSettings}>
              {t("Cookie settings")}
            </button>
          </li>
        </ul>
      </div>
    </footer>
  );
}

function LinkColumn({ column }: { column: FooterColumnBlock }) {
  return (
    <nav className="site-footer__column" aria-label={column.title}>
      <h2 className="site-footer__heading">{column.title}</h2>
      <ul className="site-footer__links">
        {column.links.map((link) => (
          <li key={`${link.name}${link.link.url}`}>
            {link.modal ? (
              <button
                type="button"
                className="site-footer__link-button"
                onClick={() => link.modal && openModal(link.modal)}
              >
                {link.name}
              </button>
            ) : /^\/storelocator\/?$/.test(linkHref(link.link)) ? (
              // 'Onze winkels': the store-list modal, the page itself without JavaScript.
              <StoresModalLink modal="store-list">{link.name}</StoresModalLink>
            ) : (
              <MenuAnchor href={linkHref(link.link)}>{link.name}</MenuAnchor>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
