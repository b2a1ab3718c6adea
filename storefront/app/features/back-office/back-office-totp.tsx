import { t } from "@etalage/core";
import { generate } from "lean-qr";
import { toSvgDataURL } from "lean-qr/extras/svg";

/**
 * A TOTP secret to enrol, as the invitation and the security page show it: the QR code, the key
 * to type, and the link a phone opens.
 */
export function TotpSecret({ secret, uri }: { secret: string; uri: string }) {
  return (
    <>
      <p>
        {t(
          "Scan the code with an authenticator app (such as a password manager), type the key, or open the link on your phone.",
        )}
      </p>
      <img
        className="bo__qr"
        src={toSvgDataURL(generate(uri))}
        alt={t("QR code for the authenticator app")}
        width={180}
        height={180}
      />
      <p className="bo__secret" data-testid="totp-secret" data-secret={secret}>
        {t("Key: {secret}", { secret: secret.replace(/(.{4})/g, "$1 ").trim() })}
      </p>
      <p>
        <a href={uri}>{t("Open in authenticator app")}</a>
      </p>
    </>
  );
}
