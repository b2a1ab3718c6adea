import { timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import * as content from "../../providers/recommendations/content-queries.ts";
import { type ElevateService, facetsOf, type Visitor } from "../../providers/recommendations/service.ts";
import * as wire from "../../providers/recommendations/wire.ts";
import { installElevateErrors, installTextPlainJson, sendMessage } from "./elevate-errors.ts";

/**
 * Voyado Elevate's Storefront API v3, answered by the built-in service (contract "Recommendations
 * and listings", vendor-apis §3, docs/decisions/0018). Queries are GET without a body and POST
 * with one; notifications are POST and answer 204. Thin: parsing here, the work in the service.
 */
export const storefrontApiRoutes: FastifyPluginAsyncZod<{
  elevate: ElevateService;
  paymentKey?: string;
}> = async (app, { elevate, paymentKey }) => {
  installTextPlainJson(app);
  installElevateErrors(app);
  const known = new Map<string, Set<string>>();
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const set = known.get(route.url) ?? new Set<string>();
    for (const m of methods) set.add(m);
    known.set(route.url, set);
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const visitor = (query: { customerKey: string; sessionKey: string; notify?: boolean }): Visitor => ({
    customerKey: query.customerKey,
    sessionKey: query.sessionKey,
    notify: query.notify !== false,
  });
  const selection = (query: Record<string, unknown>) => facetsOf(query);
  // An answer the service keeps (autocomplete for a typed prefix) comes back as the same object:
  // serialised once, not per request (it was a sixth of autocomplete's time at 50 connections).
  const serialised = new WeakMap<object, string>();
  const sendAnswer = (reply: FastifyReply, answer: unknown) => {
    if (typeof answer !== "object" || answer === null) return reply.send(answer);
    let json = serialised.get(answer);
    if (json === undefined) {
      json = JSON.stringify(answer);
      serialised.set(answer, json);
    }
    return reply.type("application/json; charset=utf-8").send(json);
  };
  const tags = ["recommendations"];

  const query = <Q extends import("zod").ZodType, B extends import("zod").ZodType>(
    name: string,
    summary: string,
    querystring: Q,
    body: B,
    handler: (q: import("zod").infer<Q>, b: import("zod").infer<B> | undefined) => Promise<unknown> | unknown,
    methods: ("GET" | "POST")[] = ["GET", "POST"],
  ) => {
    for (const method of methods) {
      app.route({
        method,
        url: `/queries/${name}`,
        schema: {
          tags,
          summary: `${summary} (Elevate ${method === "GET" ? "query" : "query with a body"})`,
          querystring,
          ...(method === "POST" ? { body } : {}),
        },
        handler: async (request: FastifyRequest, reply: FastifyReply) =>
          sendAnswer(reply, await handler(request.query as never, request.body as never)),
      });
    }
  };

  query(
    "landing-page",
    "A landing page: primary list with facets, navigation, lists",
    wire.landingPageQuery,
    wire.landingPageBody,
    (q, b) => elevate.landingPage(q, selection(q), b, visitor(q)),
  );
  query(
    "search-page",
    "Search results with facets, did you mean and auto-correct",
    wire.searchPageQuery,
    wire.searchPageBody,
    (q, b) => elevate.searchPage(q, selection(q), b, visitor(q)),
  );
  query(
    "product-page",
    "A product and its recommendation lists",
    wire.productPageQuery,
    wire.productPageBody,
    (q, b) => elevate.productPage(q, b, visitor(q)),
  );
  query(
    "cart-page",
    "The cart's products and recommendation lists",
    wire.cartPageQuery,
    wire.cartPageBody,
    (q, b) => elevate.cartPage(q, b, visitor(q)),
  );
  query(
    "add-to-cart-popup",
    "Recommendations for a variant just added to the cart",
    wire.addToCartPopupQuery,
    wire.addToCartPopupBody,
    (q, b) => elevate.addToCartPopup(q, b ?? { recommendationLists: [] }, visitor(q)),
    ["POST"],
  );
  query(
    "autocomplete",
    "Phrase and product suggestions; recent searches for an empty q",
    wire.autocompleteQuery,
    wire.autocompleteBody,
    (q, b) => elevate.autocomplete(q, b, visitor(q)),
  );
  query(
    "navigation-tree",
    "The category tree",
    wire.navigationTreeQuery,
    wire.autocompleteBody,
    () => elevate.navigationTree(),
    ["GET"],
  );

  // Issue 30 item 10: Elevate's content and retail-media queries, empty where the shop has none.
  query(
    "sponsored-page",
    "Sponsored products of a page (none: the shop sells no placements)",
    wire.retailMediaQuery,
    wire.autocompleteBody,
    () => content.sponsoredPage(),
    ["GET"],
  );
  query(
    "banners",
    "Banners of a page (none: the shop's banners are CMS content)",
    wire.retailMediaQuery,
    wire.autocompleteBody,
    () => content.banners(),
    ["GET"],
  );
  query(
    "content-information",
    "Content items by key (none: content lives in the CMS)",
    wire.contentInformationQuery,
    wire.autocompleteBody,
    () => content.contentInformation(),
    ["GET"],
  );
  query(
    "content-search-page",
    "Content search (none: content lives in the CMS)",
    wire.contentSearchPageQuery,
    wire.contentSearchPageBody,
    (q) => content.contentSearchPage(q.q, q.sort),
  );

  const notification = <B extends import("zod").ZodType>(
    name: string,
    summary: string,
    body: B | undefined,
    handler: (b: import("zod").infer<B>, v: Visitor) => Promise<void> | void,
  ) => {
    app.post(
      `/notifications/${name}`,
      { schema: { tags, summary, querystring: wire.notificationQuery, ...(body ? { body } : {}) } },
      async (request, reply) => {
        await handler(request.body as never, visitor(request.query as never));
        return reply.code(204).send();
      },
    );
  };
  notification(
    "click",
    "A shopper clicked a product (ticket, productKey or variantKey)",
    wire.ticketBody,
    (b, v) => elevate.notify("click", b, v),
  );
  notification("add-to-cart", "A shopper added a product to the cart", wire.ticketBody, (b, v) =>
    elevate.notify("add-to-cart", b, v),
  );
  notification(
    "ad-impression",
    "A sponsored product was seen (accepted, not used)",
    wire.ticketBody,
    () => undefined,
  );
  notification(
    "impression",
    "A product or list was seen (accepted, not used)",
    wire.ticketBody,
    () => undefined,
  );
  // Elevate's secure payment notification: server to server, with the cluster's Api-Key, checked
  // before the body (a wrong key is 401 whatever it sends).
  app.post(
    "/notifications/payment",
    {
      onRequest: async (request, reply) => {
        const given = Buffer.from(String(request.headers["api-key"] ?? ""));
        const expected = Buffer.from(paymentKey ?? "");
        if (!paymentKey || given.length !== expected.length || !timingSafeEqual(given, expected))
          return sendMessage(
            reply,
            401,
            "headers.api-key: a payment notification needs the cluster's Api-Key",
          );
      },
      schema: {
        tags,
        summary:
          "A paid order's lines (secure payment notification, header Api-Key): purchases to learn from",
        querystring: wire.notificationQuery,
        headers: z.looseObject({ "api-key": z.string().max(256).optional() }),
        body: wire.paymentBody,
      },
    },
    async (request, reply) => {
      const keys = request.body.lines.map((line) => line.variantKey ?? line.productKey!);
      elevate.purchase(visitor(request.query as never), keys);
      return reply.code(204).send();
    },
  );
  notification("end", "The session ended (logout, order placed)", undefined, (_b, v) => elevate.end(v));
  notification("add-favorite", "A product became a favourite", wire.favoriteBody, (b, v) =>
    elevate.favorite(true, b, v),
  );
  notification("remove-favorite", "A product is no longer a favourite", wire.favoriteBody, (b, v) =>
    elevate.favorite(false, b, v),
  );
  notification("remove-recent-searches", "Forget recent searches", wire.removeRecentSearchesBody, (b, v) =>
    elevate.removeRecentSearches(b, v),
  );
  notification(
    "remove-recently-viewed",
    "Forget recently viewed products",
    wire.removeRecentlyViewedBody,
    (b, v) => elevate.removeRecentlyViewed(b, v),
  );

  // Unknown paths and methods answer in Elevate's shape too, not the contract's envelope.
  app.all("/*", { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split("?", 1)[0]!;
    const suffix = path.slice(path.indexOf("/api/storefront/v3") + "/api/storefront/v3".length);
    const methods = [...(known.get(`/api/storefront/v3${suffix}`) ?? [])].filter((m) => m !== "HEAD");
    if (methods.length === 0) return sendMessage(reply, 404, `No such Elevate endpoint: ${path}`);
    reply.header("allow", methods.join(", "));
    if (request.method === "OPTIONS") return reply.code(204).send();
    return sendMessage(reply, 405, `method: ${path} answers ${methods.join(", ")}, not ${request.method}`);
  });
};
