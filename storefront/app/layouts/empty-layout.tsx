import { Outlet } from "react-router";

/** Just the page (browsing §2: /storyblok-empty, for editing one CMS component on its own). */
export default function EmptyLayout() {
  return <Outlet />;
}
