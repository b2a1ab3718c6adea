import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { preloadHydrationData, settledDeferredData, withSettledValues } from "./render-whole.ts";

const contextWith = (loaderData: Record<string, unknown>, stream?: ReadableStream<Uint8Array>) =>
  ({ staticHandlerContext: { loaderData }, serverHandoffStream: stream }) as unknown as EntryContext;

describe("settledDeferredData", () => {
  it("is an empty map for plain answers, lists included: the page renders in one pass", async () => {
    const values = await settledDeferredData(
      contextWith({ layout: { menu: [{ a: 1 }] }, page: null, home: "x" }),
    );
    expect(values?.size).toBe(0);
  });

  it("gives the values of promises settled by the next turn, also one level down (the dispatcher's page)", async () => {
    const relations = Promise.resolve().then(() => [{ sku: "A" }]);
    const values = await settledDeferredData(
      contextWith({ dispatcher: { kind: "product", page: { relations } } }),
    );
    expect(values?.get(relations)).toEqual([{ sku: "A" }]);
  });

  it("is null while a promise is pending or when one failed: the page streams", async () => {
    expect(await settledDeferredData(contextWith({ page: { relations: new Promise(() => {}) } }))).toBeNull();
    const failed = Promise.reject(new Error("weg"));
    failed.catch(() => {});
    expect(await settledDeferredData(contextWith({ page: { relations: failed } }))).toBeNull();
  });
});

describe("withSettledValues", () => {
  it("puts the values in place of the promises, copying only the objects on the way", async () => {
    const relations = Promise.resolve(["rood", "blauw"]);
    const shared = { menu: [1, 2] };
    const page = { name: "Jas", relations };
    const context = contextWith({ layout: shared, dispatcher: { kind: "product", page } });
    const values = await settledDeferredData(context);
    withSettledValues(context, values!);
    const data = context.staticHandlerContext.loaderData as {
      layout: unknown;
      dispatcher: { page: unknown };
    };
    expect(data.dispatcher.page).toEqual({ name: "Jas", relations: ["rood", "blauw"] });
    expect(data.layout).toBe(shared);
    // The loader's own answer is untouched: it may be shared between renders.
    expect(page.relations).toBe(relations);
  });
});

describe("preloadHydrationData", () => {
  it("hands the whole stream to the data script as already read", async () => {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('[{"a":'));
        controller.enqueue(encoder.encode("1}]\n"));
        controller.close();
      },
    });
    const context = contextWith({}, stream);
    await preloadHydrationData(context);
    expect(context.renderMeta?.streamCache?.[0]?.result).toEqual({ done: false, value: '[{"a":1}]\n' });
    expect(context.renderMeta?.streamCache?.[1]?.result).toEqual({ done: true, value: "" });
  });
});
