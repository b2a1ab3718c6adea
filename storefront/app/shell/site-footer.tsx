import type { FooterBlock } from "../features/cms/shell-blocks.ts";
import { onDemand } from "./on-demand.tsx";
import "./site-footer.css";
import "../features/newsletter/newsletter-form.css";

/**
 * The footer (browsing §2), server-rendered on every page and hydrated on demand (on-demand.tsx):
 * its links, modal buttons and sign-up form wait for the shopper, and its code with them.
 */
export const SiteFooter = onDemand<{ footer: FooterBlock }>(
  () => import("./site-footer-view.tsx").then((module) => module.SiteFooterView),
  { tag: "footer", className: "site-footer" },
);
