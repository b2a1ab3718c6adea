/**
 * The offline quality check (issue 16): synthetic shopper sessions with their last actions
 * hidden; does a list of 8 shown at that moment contain what the shopper did next? Hit rate (any
 * hidden product in the 8) and precision@8 (hidden products in the 8, over 8), for the learnt
 * lists against a popularity baseline and against the catalogue rules alone.
 */
import type { Algorithm } from "@apptus/esales-api";
import type { CatalogFacts } from "../../server/src/providers/recommendations/catalog-facts.ts";
import { Learner } from "../../server/src/providers/recommendations/learner.ts";
import { type ListContext, listKeys, popular } from "../../server/src/providers/recommendations/lists.ts";
import type { Session } from "./data.ts";

const DAY = 86_400_000;
const LIST = 8;

/** Replays sessions into a learner, spread over the last 30 days. */
export function train(learner: Learner, sessions: readonly Session[], now: number): void {
  sessions.forEach((s, i) => {
    const start = now - 30 * DAY + Math.floor((i / sessions.length) * 29 * DAY);
    s.actions.forEach((a, j) => {
      learner.apply({
        type: a.type,
        customerKey: s.id,
        sessionKey: s.id,
        productKey: a.key,
        at: start + j * 60_000,
      });
    });
  });
}

export interface QualityRow {
  task: string;
  method: string;
  sessions: number;
  hitRate: number;
  precisionAt8: number;
}

type Method = {
  name: string;
  learner: "trained" | "fresh";
  list: (ctx: ListContext, exclude: Set<string>) => Promise<string[]>;
};

function score(
  task: string,
  method: string,
  results: { predicted: string[]; hidden: string[] }[],
): QualityRow {
  let hits = 0;
  let precision = 0;
  for (const r of results) {
    const found = r.predicted.filter((k) => r.hidden.includes(k)).length;
    if (found > 0) hits++;
    precision += found / LIST;
  }
  return {
    task,
    method,
    sessions: results.length,
    hitRate: hits / results.length,
    precisionAt8: precision / results.length,
  };
}

export async function quality(
  facts: CatalogFacts,
  trainSessions: readonly Session[],
  testSessions: readonly Session[],
): Promise<QualityRow[]> {
  const now = Date.now();
  const trained = new Learner();
  train(trained, trainSessions, now - DAY);
  const fresh = new Learner();
  const ctxOf = (learner: Learner, customerKey: string, extra: Partial<ListContext> = {}): ListContext => ({
    facts,
    learner,
    now,
    customerKey,
    cart: [],
    favorites: async () => [],
    ...extra,
  });
  const byAlgorithm = (algorithm: Algorithm) => (ctx: ListContext) => listKeys(algorithm, LIST, ctx);

  // Task 1: after a few looks, the next two products looked at.
  const viewMethods: Method[] = [
    { name: "popularity (baseline)", learner: "trained", list: async (ctx, ex) => popular(ctx, LIST, ex) },
    {
      name: "catalogue rules, no learning (ALTERNATIVES)",
      learner: "fresh",
      list: byAlgorithm("ALTERNATIVES"),
    },
    { name: "learnt ALTERNATIVES ('Bekijk ook')", learner: "trained", list: byAlgorithm("ALTERNATIVES") },
    { name: "learnt PERSONAL", learner: "trained", list: byAlgorithm("PERSONAL") },
  ];
  // Task 2: with the choice in the cart, the complement added next.
  const cartMethods: Method[] = [
    { name: "popularity (baseline)", learner: "trained", list: async (ctx, ex) => popular(ctx, LIST, ex) },
    { name: "catalogue rules, no learning (CART)", learner: "fresh", list: byAlgorithm("CART") },
    { name: "learnt CART ('Vaak samen gekocht')", learner: "trained", list: byAlgorithm("CART") },
  ];
  const rows: QualityRow[] = [];
  for (const method of viewMethods) {
    const results: { predicted: string[]; hidden: string[] }[] = [];
    for (const s of testSessions) {
      const views = s.actions
        .filter((a) => a.type === "view")
        .slice(
          0,
          s.actions.findIndex((a) => a.type === "add-to-cart"),
        );
      if (views.length < 4) continue;
      const visible = views.slice(0, -2).map((a) => a.key);
      const hidden = views
        .slice(-2)
        .map((a) => a.key)
        .filter((k) => !visible.includes(k));
      if (hidden.length === 0) continue;
      // No learning: a learner of its own per session, holding only what this shopper just did.
      const learner = method.learner === "trained" ? trained : new Learner();
      const customerKey = `test-${method.name}-${s.id}`;
      visible.forEach((key, i) => {
        learner.apply({ type: "view", customerKey, sessionKey: customerKey, productKey: key, at: now + i });
      });
      const product = facts.byKey.get(visible[visible.length - 1]!);
      const exclude = new Set(visible);
      const predicted = (await method.list(ctxOf(learner, customerKey, { product }), exclude))
        .filter((k) => !exclude.has(k))
        .slice(0, LIST);
      results.push({ predicted, hidden });
    }
    rows.push(score("next products looked at", method.name, results));
  }
  for (const method of cartMethods) {
    const results: { predicted: string[]; hidden: string[] }[] = [];
    for (const s of testSessions) {
      const adds = s.actions.filter((a) => a.type === "add-to-cart");
      if (adds.length < 2) continue;
      const cart = [adds[0]!.key];
      const learner = method.learner === "trained" ? trained : fresh;
      const exclude = new Set(cart);
      const predicted = await method.list(ctxOf(learner, `cart-${s.id}`, { cart }), exclude);
      results.push({ predicted: predicted.slice(0, LIST), hidden: [adds[1]!.key] });
    }
    rows.push(score("completes the cart", method.name, results));
  }
  return rows;
}
