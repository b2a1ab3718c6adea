import { t } from "@etalage/core";
import { useOnline } from "./use-online.ts";
import "./offline-badge.css";

/**
 * The offline badge (browsing §2 "Default layout", §8). The live region is always there, so
 * screen readers announce the message when it appears rather than missing a region born with it.
 */
export function OfflineBadge() {
  const online = useOnline();
  return (
    <div className="offline-badge" role="status" data-offline={online ? undefined : ""}>
      {!online && (
        <p className="offline-badge__text">
          <span className="offline-badge__dot" aria-hidden="true" />
          {t("You are offline. Some features might not be available.")}
        </p>
      )}
    </div>
  );
}
