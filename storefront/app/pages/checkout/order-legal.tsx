import { t } from "@etalage/core";
import { PrivacyLink, TermsLink } from "../../ui/privacy-link.tsx";

/**
 * The terms and the privacy statement beside the order button (art. 6:230v BW: the shopper sees
 * what they agree to before the button that obliges them to pay). Both open over the form, so
 * nothing typed is left behind; without JavaScript they are their pages.
 */
export function OrderLegal() {
  const parts = t("By ordering you accept our {terms}. Our {privacy} says how we handle your details.").split(
    /(\{terms\}|\{privacy\})/,
  );
  return (
    <p className="checkout__legal">
      {parts.map((part, i) =>
        part === "{terms}" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the sentence's parts are fixed
          <TermsLink key={i}>{t("terms and conditions")}</TermsLink>
        ) : part === "{privacy}" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the sentence's parts are fixed
          <PrivacyLink key={i}>{t("privacy statement")}</PrivacyLink>
        ) : (
          part
        ),
      )}
    </p>
  );
}
