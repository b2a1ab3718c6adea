import { t } from "@etalage/core";
import type { ComponentType } from "react";
import { useRouteLoaderData } from "react-router";
import type { MenuBlock, ShellBlocks } from "../features/cms/shell-blocks.ts";
import { deferredModule } from "../lib/deferred-module.ts";
import { PageBoundary } from "../lib/page-boundary.tsx";
import { DefaultShell } from "./default-shell.tsx";
import "./status-page.css";
import "./minimal-shell.css";

/*
 * Page-not-found and error pages, for routes and error boundaries. Their code is a chunk of its
 * own (status-views.tsx), loaded by a page that shows one, or once the shopper interacts (so an
 * error met offline still has it); a page that works never downloads it (docs/decisions/0007).
 * The styles stay here: every document links them, so a server-rendered error page is styled
 * from the first byte. During hydration the <PageBoundary> keeps the server's HTML until the chunk
 * is there.
 */

type Name = "NotFoundContent" | "ErrorContent" | "RootErrorPage" | "LayoutErrorPage";
interface ViewProps {
  menu?: MenuBlock | undefined;
  status?: number | undefined;
}

/** `null`: the chunk did not load (offline before any interaction); the page still says what happened. */
const views = deferredModule(() => import("./status-views.tsx").catch(() => null), { warm: true });

/** Starts loading the status pages' code (a client navigation that is going to show one). */
export const loadStatusViews = views.load;

function View({ name, ...props }: ViewProps & { name: Name }) {
  const loaded = views.use();
  if (loaded) {
    const Shown = loaded[name] as ComponentType<ViewProps>;
    return <Shown {...props} />;
  }
  return (
    <section className="status-page container">
      <div className="status-page__inner">
        <h1 className="status-page__title">
          {name === "NotFoundContent" || props.status === 404
            ? t("Page not found")
            : t("Something went wrong")}
        </h1>
        <a href="/" className="button">
          {t("Return to home page")}
        </a>
      </div>
    </section>
  );
}

const show = (name: Name, props: ViewProps) => (
  <PageBoundary>
    <View name={name} {...props} />
  </PageBoundary>
);

const NotFoundContent = (props: { menu?: MenuBlock | undefined }) => show("NotFoundContent", props);

export const ErrorContent = (props: { status?: number | undefined }) => show("ErrorContent", props);

/** The root error boundary's page, in the minimal layout's frame. */
export const RootErrorPage = (props: { status: number }) => show("RootErrorPage", props);

/**
 * The default layout's error boundary: a failing page keeps the header and footer, and a 404
 * looks like page-not-found. Should the layout's own loader have failed, the shop's standing
 * blocks come with the status pages' code.
 */
export function LayoutErrorPage({ status }: { status: number }) {
  const blocks = useRouteLoaderData<ShellBlocks>("layouts/default-layout");
  if (!blocks) return show("LayoutErrorPage", { status });
  return (
    <DefaultShell blocks={blocks}>
      {status === 404 ? <NotFoundContent menu={blocks.menu} /> : <ErrorContent status={status} />}
    </DefaultShell>
  );
}

/** Page-not-found with the menu's top-level entries as suggestions (the dispatcher's 404). */
export function NotFoundPage() {
  const layout = useRouteLoaderData<ShellBlocks>("layouts/default-layout");
  return <NotFoundContent menu={layout?.menu} />;
}
