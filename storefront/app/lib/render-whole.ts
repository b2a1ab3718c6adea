import type { EntryContext } from "react-router";

/**
 * Deferred data is a promise in a loader's answer (STYLE.md: `{ critical…, relations: promise }`,
 * the dispatcher wraps a page's data one level deeper), so the first three levels are searched.
 */
const DEPTH = 3;

function deferredOf(context: EntryContext): Promise<unknown>[] {
  const found: Promise<unknown>[] = [];
  for (const data of Object.values(context.staticHandlerContext.loaderData ?? {}))
    collect(data, DEPTH, found);
  return found;
}

function collect(value: unknown, depth: number, found: Promise<unknown>[]): void {
  if (value instanceof Promise) found.push(value);
  if (depth === 0 || value === null || typeof value !== "object" || value instanceof Promise) return;
  // Arrays of records (product cards, facets) hold no promises of ours: skip their contents.
  if (Array.isArray(value)) return;
  for (const key in value) collect((value as Record<string, unknown>)[key], depth - 1, found);
}

/**
 * The page's deferred data as values, when every promise of it has settled by the next turn of
 * the event loop; null when one is still pending or failed (the page then streams). The product
 * page's colour relations come from the catalogue in memory and settle a microtask after the
 * loader: streaming them cost a render twice the CPU of one pass (issue 27), for a boundary that
 * was complete with the shell anyway.
 */
export async function settledDeferredData(
  context: EntryContext,
): Promise<Map<Promise<unknown>, unknown> | null> {
  const pending = deferredOf(context);
  const values = new Map<Promise<unknown>, unknown>();
  if (pending.length === 0) return values;
  let failed = false;
  for (const promise of pending)
    promise.then(
      (value) => values.set(promise, value),
      () => {
        failed = true;
      },
    );
  await new Promise((resolve) => setImmediate(resolve));
  return failed || values.size < pending.length ? null : values;
}

/**
 * The loaders' answers with settled promises replaced by their values, copying only the objects
 * on the way to one (an answer may be shared between renders). `<Await>` renders a value that is
 * not a promise at once; the hydration data, read before, still carries the promise, so the
 * browser's `<Await>` hydrates the same markup when it has decoded it.
 */
export function withSettledValues(context: EntryContext, values: Map<Promise<unknown>, unknown>): void {
  if (values.size === 0) return;
  const handler = context.staticHandlerContext;
  handler.loaderData = replaceSettled(handler.loaderData, DEPTH + 1, values) as typeof handler.loaderData;
}

function replaceSettled(value: unknown, depth: number, values: Map<Promise<unknown>, unknown>): unknown {
  if (value instanceof Promise) return values.has(value) ? values.get(value) : value;
  if (depth === 0 || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  let copy: Record<string, unknown> | null = null;
  for (const key in value) {
    const before = (value as Record<string, unknown>)[key];
    const after = replaceSettled(before, depth - 1, values);
    if (after !== before) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = after;
    }
  }
  return copy ?? value;
}

/**
 * Reads React Router's hydration data (its turbo-stream of the loaders' answers) to the end. Only
 * for pages without deferred data: then the stream is complete as soon as the answers are encoded.
 */
export async function readHydrationData(context: EntryContext): Promise<string> {
  const stream = context.serverHandoffStream;
  if (!stream) return "";
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * Hands the hydration data to `<ServerRouter>`'s data script as already read, so `renderToString`
 * writes the same `<script>` tags the streamed render does instead of a Suspense fallback.
 * `renderMeta.streamCache` is part of `EntryContext`'s type (react-router 8.4, pinned).
 */
export function handHydrationData(context: EntryContext, text: string): void {
  const read = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  context.renderMeta ??= {};
  context.renderMeta.streamCache = {
    0: read({ done: false, value: text }),
    1: read({ done: true, value: "" }),
  };
  // ServerRouter takes a reader of its own; the cache answers before it is read.
  context.serverHandoffStream = new ReadableStream({ start: (controller) => controller.close() });
}

/** Both of the above: the page's hydration data, read and handed over. */
export async function preloadHydrationData(context: EntryContext): Promise<void> {
  handHydrationData(context, await readHydrationData(context));
}
