import { renderToString } from "react-dom/server";
import {
  type EntryContext,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
  ServerRouter,
  type StaticHandlerContext,
} from "react-router";
import { NonceContext } from "./nonce.ts";
import { handHydrationData } from "./render-whole.ts";

/*
 * A page rendered whole (no deferred data) can be rendered on another thread: everything the
 * render reads is the loaders' answers, the route matches and a few settings, all plain data. The
 * server hands such a page to its render threads (server/src/ssr/render-pool.ts,
 * docs/decisions/0011-render-threads.md); the same function renders it in-process otherwise, so
 * both write the same bytes.
 */

/** What a render thread needs besides its own copy of the build: structured-cloneable. */
export interface RenderTask {
  url: string;
  nonce: string;
  /** React Router's hydration data (its turbo-stream of the loaders' answers), read to the end. */
  hydration: string;
  serverHandoffString: string | undefined;
  criticalCss: EntryContext["criticalCss"];
  isSpaMode: boolean;
  handler: Pick<
    StaticHandlerContext,
    "basename" | "location" | "loaderData" | "actionData" | "statusCode"
  > & {
    matches: {
      params: Record<string, string | undefined>;
      pathname: string;
      pathnameBase: string;
      routeId: string;
    }[];
  };
}

/**
 * The app as the server renders it. Root's <Scripts>, <ScrollRestoration> and <Links> read
 * NonceContext; ServerRouter's own nonce covers the data scripts it writes after the app.
 */
export function serverApp(context: EntryContext, url: string, nonce: string) {
  return (
    <NonceContext value={nonce}>
      <ServerRouter context={context} url={url} nonce={nonce} />
    </NonceContext>
  );
}

/** The document: `<!DOCTYPE html>` and the app, hydration data included. */
export function renderWholeDocument(
  context: EntryContext,
  url: string,
  nonce: string,
  hydration: string,
): string {
  handHydrationData(context, hydration);
  return `<!DOCTYPE html>${renderToString(serverApp(context, url, nonce))}`;
}

/**
 * The page as a task for a render thread, or null when it must render here: an error page (its
 * errors are class instances a thread would get as plain objects) or answers that are not plain
 * data.
 */
export function toRenderTask(
  context: EntryContext,
  url: string,
  nonce: string,
  hydration: string,
): RenderTask | null {
  const handler = context.staticHandlerContext;
  if (handler.errors || handler.matches.length === 0 || context.isSpaMode) return null;
  return {
    url,
    nonce,
    hydration,
    serverHandoffString: context.serverHandoffString,
    criticalCss: context.criticalCss,
    isSpaMode: context.isSpaMode,
    handler: {
      basename: handler.basename,
      location: handler.location,
      loaderData: handler.loaderData,
      actionData: handler.actionData,
      statusCode: handler.statusCode,
      matches: handler.matches.map((m) => ({
        params: m.params,
        pathname: m.pathname,
        pathnameBase: m.pathnameBase,
        routeId: m.route.id,
      })),
    },
  };
}

/** Renders a task on a render thread with that thread's copy of the build. */
export function renderTask(task: RenderTask, build: ServerBuild): string {
  const { routeModules, routes } = routesOf(build);
  const handler = task.handler;
  const context = {
    manifest: build.assets,
    routeModules,
    criticalCss: task.criticalCss,
    serverHandoffString: task.serverHandoffString,
    renderMeta: {},
    future: build.future,
    ssr: build.ssr,
    routeDiscovery: build.routeDiscovery,
    isSpaMode: task.isSpaMode,
    staticHandlerContext: {
      basename: handler.basename,
      location: handler.location,
      loaderData: handler.loaderData,
      actionData: handler.actionData,
      errors: null,
      statusCode: handler.statusCode,
      loaderHeaders: {},
      actionHeaders: {},
      // The static router maps every match to its own route by id.
      matches: handler.matches.map(({ routeId, ...match }) => ({ ...match, route: { id: routeId } })),
      _match: (location: Parameters<typeof matchRoutes>[1]) =>
        matchRoutes(routes, location, handler.basename),
    },
    serializeError: (error: Error) => ({ message: error.message, stack: undefined }),
  } as unknown as EntryContext;
  return renderWholeDocument(context, task.url, task.nonce, task.hydration);
}

interface BuildRoutes {
  /** Route id → its module, as React Router's entry context has them. */
  routeModules: Record<string, unknown>;
  /** The routes as a tree, for the rare render that matches a location of its own. */
  routes: RouteObject[];
}

const buildRoutes = new WeakMap<ServerBuild, BuildRoutes>();

function routesOf(build: ServerBuild): BuildRoutes {
  const known = buildRoutes.get(build);
  if (known) return known;
  const routeModules = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [id, route?.module]),
  );
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const children = byParent.get(route.parentId) ?? [];
    children.push({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as RouteObject);
    byParent.set(route.parentId, children);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      const children = byParent.get(route.id);
      return children && !route.index ? { ...route, children: attach(children) } : route;
    });
  const routes = { routeModules, routes: attach(byParent.get(undefined) ?? []) };
  buildRoutes.set(build, routes);
  return routes;
}
