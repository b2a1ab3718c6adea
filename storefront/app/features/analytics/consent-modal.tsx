import { t } from "@etalage/core";
import { useId, useState } from "react";
import { saveConsent, storedConsent } from "../../session/consent-store.ts";
import type { ModalProps } from "../../session/modal-store.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { PrivacyLink } from "../../ui/privacy-link.tsx";
import "./consent.css";

/**
 * The cookie banner (issue 15 item 4; vendor-apis.md §5.4): accept all and refuse all side by
 * side with the same weight, or a choice per purpose. Opened on a first visit and again from the
 * footer's 'Cookie-instellingen'. Closing without a choice refuses: nothing tracks by default.
 */
export default function ConsentModal({ payload, close }: ModalProps<"cookie-consent">) {
  const id = useId();
  const previous = storedConsent();
  const [choosing, setChoosing] = useState(payload?.settings === true);
  const [analytics, setAnalytics] = useState(previous?.analytics ?? false);
  const [marketing, setMarketing] = useState(previous?.marketing ?? false);

  const decide = (choice: { analytics: boolean; marketing: boolean }) => {
    saveConsent(choice);
    close();
    payload?.onDecided?.();
  };

  return (
    <Dialog
      title={t("We use cookies")}
      onClose={() => decide(previous ?? { analytics: false, marketing: false })}
    >
      <div className="consent" data-testid="cookie-consent">
        <p className="consent__text">
          {t(
            "Etalage uses functional cookies so the shop works. With your consent we also use analytics cookies to improve the shop and marketing cookies for relevant offers elsewhere. You can change your choice at any time under Cookie settings at the bottom of every page.",
          )}{" "}
          <PrivacyLink />
        </p>
        {choosing && (
          <fieldset className="consent__purposes">
            <legend className="visually-hidden">{t("Cookie settings")}</legend>
            <label className="consent__purpose">
              <input type="checkbox" checked disabled aria-describedby={`${id}-f`} />
              <span>{t("Functional (always on)")}</span>
              <small id={`${id}-f`}>{t("Needed for the cart, the checkout and your choices.")}</small>
            </label>
            <label className="consent__purpose">
              <input
                type="checkbox"
                name="analytics"
                checked={analytics}
                onChange={(e) => setAnalytics(e.currentTarget.checked)}
                aria-describedby={`${id}-a`}
              />
              <span>{t("Analytics")}</span>
              <small id={`${id}-a`}>{t("Lets us count visits and see how the shop is used.")}</small>
            </label>
            <label className="consent__purpose">
              <input
                type="checkbox"
                name="marketing"
                checked={marketing}
                onChange={(e) => setMarketing(e.currentTarget.checked)}
                aria-describedby={`${id}-m`}
              />
              <span>{t("Marketing")}</span>
              <small id={`${id}-m`}>{t("Lets partners show you relevant offers elsewhere.")}</small>
            </label>
          </fieldset>
        )}
        <div className="consent__actions">
          <button
            type="button"
            className="button"
            onClick={() => decide({ analytics: true, marketing: true })}
          >
            {t("Accept all")}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => decide({ analytics: false, marketing: false })}
          >
            {t("Refuse all")}
          </button>
          {choosing ? (
            <button
              type="button"
              className="button button--outline"
              onClick={() => decide({ analytics, marketing })}
            >
              {t("Save my choice")}
            </button>
          ) : (
            <button type="button" className="button button--outline" onClick={() => setChoosing(true)}>
              {t("Choose per purpose")}
            </button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
