import { t } from "@etalage/core";
import { usePendingChanges } from "../../session/cart-state.ts";
import { useOnline } from "./use-online.ts";
import "./offline-badge.css";

/**
 * The offline badge (browsing §2 "Default layout", §8), with the number of cart changes that wait
 * for the connection (issue 17). The live region is always there, so screen readers announce the
 * message when it appears rather than missing a region born with it.
 */
export function OfflineBadge() {
  const online = useOnline();
  const pending = usePendingChanges();
  return (
    <div className="offline-badge" role="status" data-offline={online ? undefined : ""}>
      {!online && (
        <p className="offline-badge__text">
          <span className="offline-badge__dot" aria-hidden="true" />
          <span>
            {t("You are offline. Some features might not be available.")}
            {pending > 0 && (
              <span className="offline-badge__pending">
                {pending === 1
                  ? t("1 change waits for a connection")
                  : t("{n} changes wait for a connection", { n: pending })}
              </span>
            )}
          </span>
        </p>
      )}
    </div>
  );
}
