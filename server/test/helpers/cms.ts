import type { HttpServer } from "./test-server.ts";

/** The CMS editor token the CMS tests start their server with. */
export const EDITOR_TOKEN = "test-editor-token-0123456789";
export const CMS_BASE = "/api/ext/vsf-storyblok-extension";
export const cmsEnv = { CMS_EDITOR_TOKEN: EDITOR_TOKEN, CMS_SCHEDULER_INTERVAL_MS: "100" };

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
export type Json = any;

/** A call to the editor API with the editor's bearer token. */
export async function editor(
  server: HttpServer,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = EDITOR_TOKEN,
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${server.url}${CMS_BASE}/editor${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

export async function getJson(
  server: HttpServer,
  path: string,
): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await server.get(path);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

let counter = 0;
/** A full slug no other test (or earlier run on a shared PostgreSQL) has used. */
export function uniqueSlug(prefix = "test"): string {
  return `${prefix}/t${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function textPage(html: string, title = "Testpagina") {
  return { component: "page", title, body: [{ component: "text", text: html }] };
}

/** Creates a story through the editor API and answers its id. */
export async function createStory(
  server: HttpServer,
  options: { slug?: string; html?: string; publish?: boolean; name?: string } = {},
): Promise<{ id: number; uuid: string; full_slug: string }> {
  const full_slug = options.slug ?? uniqueSlug();
  const res = await editor(server, "POST", "/stories", {
    name: options.name ?? "Testpagina",
    full_slug,
    content: textPage(options.html ?? "<p>Versie 1</p>"),
    publish: options.publish ?? false,
  });
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.result.story;
}

/** Reads Server-Sent Events from a fetch body. */
export async function* sseEvents(body: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data !== undefined) yield { event, data: JSON.parse(data) as Json };
    }
  }
}
