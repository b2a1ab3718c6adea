import { clearCompare } from "../../session/compare-store.ts";
import { on } from "../../session/events.ts";

/*
 * Logout clears the comparison (transactional §4 "Session": logout clears the wishlist, compare and
 * checkout details), heard through the session's events; loaded with every page (shell/reactions.ts).
 */
on("logout", () => clearCompare());
