/**
 * The import rules of Etalage, checked by `npm run lint` (so by CI) with dependency-cruiser.
 * docs/decisions/0035-storefront-layers.md says why; README "Reading a layering failure" says how
 * to read one. Every import counts, type-only ones too (scripts/dependency-rules/babel.cjs).
 *
 * The storefront (storefront/app/) in layers, each importing only from the layers below it:
 *   lib/, styles/       generic code, no shop state
 *   session/            the shopper: account and tokens, cart id and cart view, consent, favourites,
 *                       the modal stack, and the typed events features announce (events.ts)
 *   ui/                 primitives and what every feature shows (product card, price, toasts)
 *   features/<name>/    one domain each; never imports another feature
 *   shell/, pages/, layouts/, routes/, root.tsx, entry.*.tsx, routes.ts
 *                       composed UI: puts features together and registers the modals
 */
const APP = "^storefront/app/";

/** A layer's rule: files under `from` import nothing of the storefront but what `allowed` matches. */
function layer(name, comment, from, allowed) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: from },
    to: { path: APP, pathNot: allowed },
  };
}

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "An import circle: each of these files needs the others before it can be read. Move what both " +
        "sides need into a layer below them, or let one side announce an event (session/events.ts).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-cross-feature",
      comment:
        "A feature imports another feature. Features never know each other: compose them in shell/, " +
        "pages/ or routes/ (pass a component or a callback down), move what both need to ui/, session/ " +
        "or lib/, or react to the other's event (session/events.ts). Open a modal by name (openModal).",
      severity: "error",
      from: { path: `${APP}features/([^/]+)/` },
      to: { path: `${APP}features/`, pathNot: `${APP}features/$1/` },
    },
    layer(
      "feature-not-to-composed",
      "A feature imports composed UI (shell, pages, layouts, routes). Composed UI uses features, not " +
        "the reverse: take what the feature needs as a prop, or move the shared piece down.",
      `${APP}features/`,
      `${APP}(lib|styles|session|ui|features)/`,
    ),
    layer(
      "ui-not-upward",
      "ui/ imports a feature or composed UI. ui/ holds what every feature may show; it reads the " +
        "session and lib/ only.",
      `${APP}ui/`,
      `${APP}(lib|styles|session|ui)/`,
    ),
    layer(
      "session-not-upward",
      "session/ imports above itself. The session (who the shopper is, tokens, cart id, consent, " +
        "events) sits under every feature; a feature that must react to it subscribes to an event.",
      `${APP}session/`,
      `${APP}(lib|styles|session)/`,
    ),
    layer(
      "lib-not-upward",
      "lib/ imports something of the shop. lib/ is generic code: it knows no session, UI or feature.",
      `${APP}(lib|styles)/`,
      `${APP}(lib|styles)/`,
    ),
    {
      name: "no-unresolvable",
      comment:
        "An import that leads nowhere: a file moved or renamed, or a typo. The other rules cannot judge " +
        "an import they cannot follow, so it fails on its own. React Router's generated route types " +
        "(`./+types/…`, made by typegen) and type-only packages (@types/geojson, @types/topojson-specification) are known.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "(^|/)\\+types/|^(geojson|topojson-specification)$" },
    },
    {
      name: "core-imports-nothing-of-ours",
      comment:
        "@etalage/core is pure domain logic that runs in the browser and in Node: it imports no other " +
        "package of this repository (ARCHITECTURE.md).",
      severity: "error",
      from: { path: "^core/" },
      to: { path: "^(server|storefront|e2e|bench)/" },
    },
    {
      name: "storefront-not-to-server",
      comment:
        "The storefront reaches the server through the API contract or the SSR context " +
        "(lib/server-context.ts), never by importing server code.",
      severity: "error",
      from: { path: "^storefront/" },
      to: { path: "^server/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|dist|\\.react-router)/" },
    babelConfig: { fileName: "scripts/dependency-rules/babel.cjs" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      conditionNames: ["import", "default"],
      exportsFields: ["exports"],
    },
    cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "content" },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
