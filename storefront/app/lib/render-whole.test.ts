import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { hasDeferredData, preloadHydrationData } from "./render-whole.ts";

const contextWith = (loaderData: Record<string, unknown>, stream?: ReadableStream<Uint8Array>) =>
  ({ staticHandlerContext: { loaderData }, serverHandoffStream: stream }) as unknown as EntryContext;

describe("hasDeferredData", () => {
  it("finds a promise in a loader's answer, also one level down (the dispatcher's page)", () => {
    const pending = new Promise(() => {});
    expect(hasDeferredData(contextWith({ layout: { menu: [] }, page: { relations: pending } }))).toBe(true);
    expect(
      hasDeferredData(contextWith({ dispatcher: { kind: "product", page: { relations: pending } } })),
    ).toBe(true);
  });

  it("is false for plain answers, lists included", () => {
    expect(hasDeferredData(contextWith({ layout: { menu: [{ a: 1 }] }, page: null, home: "x" }))).toBe(false);
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
