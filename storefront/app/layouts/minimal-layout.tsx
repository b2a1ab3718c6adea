import { Outlet } from "react-router";
import { MinimalShell } from "../shell/minimal-shell.tsx";

/** Logo-only header and a thin footer (browsing §2: used by /error). */
export default function MinimalLayout() {
  return (
    <MinimalShell>
      <Outlet />
    </MinimalShell>
  );
}
