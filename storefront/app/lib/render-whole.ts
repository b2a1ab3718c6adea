import type { EntryContext } from "react-router";

/**
 * Whether a page can be rendered in one pass with `renderToString` (docs/decisions/0007): none of
 * its loaders deferred anything. Deferred data is a promise in a loader's answer (STYLE.md:
 * `{ critical…, relations: promise }`, the dispatcher wraps a page's data one level deeper), so the
 * first three levels are searched; the walk stops at the first promise.
 */
export function hasDeferredData(context: EntryContext): boolean {
  return Object.values(context.staticHandlerContext.loaderData ?? {}).some((data) => holdsPromise(data, 3));
}

function holdsPromise(value: unknown, depth: number): boolean {
  if (value instanceof Promise) return true;
  if (depth === 0 || value === null || typeof value !== "object") return false;
  // Arrays of records (product cards, facets) hold no promises of ours: skip their contents.
  if (Array.isArray(value)) return false;
  for (const key in value) if (holdsPromise((value as Record<string, unknown>)[key], depth - 1)) return true;
  return false;
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
