/**
 * The API fuzzer (docs/decisions/0012-input-rules.md): every operation of `/api/openapi.json`,
 * sent first as a valid request built from its schema, then with one part replaced by a hostile
 * value (control characters, lone surrogates, prototype names, huge or fractional numbers, wrong
 * types, malformed JSON). Whatever is sent, the answer is never a 5xx, always the envelope, and a
 * 400 names the field. `npm test` runs it briefly with a fixed seed (server/test/api-fuzz.test.ts);
 * `npm run bench -- fuzz` runs it long against the production server.
 *
 * No vitest in here: the benchmark imports it too.
 */
import fc from "fast-check";

export interface FuzzTarget {
  url: string;
  /** Sent as the bearer token of the operator's APIs most of the time, so their schemas are reached. */
  editorToken: string;
  adminToken: string;
  /** Real values, so a request can get past one check and reach the next. */
  cartId: string;
  sku: string;
  storyId: number;
  /**
   * A back-office session (cookie and CSRF token) sent to /api/beheer/orders, …/returns and …/webhooks, so their schemas are
   * reached too; without it those routes answer 401 before reading anything.
   */
  staff?: { cookie: string; csrf: string };
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
};

interface Parameter {
  in: "path" | "query" | "header";
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  /** The OpenAPI template, `/api/catalog/{index}/{entityType}/_search`. */
  template: string;
  parameters: Parameter[];
  body?: Schema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

/** Every operation under /api in the document. */
export function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    if (!template.startsWith("/api/")) continue;
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        template,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

/** A plausible value for a parameter or field, by name first (the shop's own ids), then by schema. */
function example(name: string, schema: Schema | undefined, target: FuzzTarget, depth = 0): unknown {
  const byName: Record<string, unknown> = {
    index: "catalog_nl",
    entityType: "product",
    sku: target.sku,
    skus: `${target.sku},x`,
    cartId: target.cartId,
    quoteId: target.cartId,
    coupon: "WELKOM10",
    id: target.storyId,
    version: 1,
    spaceId: 1,
    timestamp: 1_700_000_000,
    uuid: "00000000-0000-4000-8000-000000000000",
    "*": "home",
    url: "/kleding",
    country_id: "NL",
    countryId: "NL",
    full_slug: "fuzz/story",
    publish_at: "2099-01-01T00:00:00+01:00",
    // The accounting exports' day range (issue 25).
    from: "2026-01-01",
    to: "2026-01-31",
  };
  if (Object.hasOwn(byName, name) && depth < 3) {
    const value = byName[name];
    const type = schema?.type;
    if (type === "string" || !type || typeof value !== "number")
      return type === "string" ? String(value) : value;
    return value;
  }
  if (!schema) return "x";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternative = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternative?.[0]) return example(name, alternative[0], target, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        out[key] = example(key, schema.properties?.[key], target, depth + 1);
      }
      return out;
    }
    case "array":
      return schema.minItems ? [example(name, schema.items, target, depth + 1)] : [];
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case "boolean":
      return true;
    case "string":
      return "x".repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return "x";
  }
}

/** One request: path parameters, query and headers as strings, the body as JSON or raw text. */
interface RequestSpec {
  method: string;
  template: string;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: { json: unknown } | { text: string };
}

function validRequest(op: Operation, target: FuzzTarget): RequestSpec {
  const spec: RequestSpec = { method: op.method, template: op.template, params: {}, query: {}, headers: {} };
  for (const p of op.parameters) {
    if (p.in === "header") continue;
    if (p.in === "query" && !p.required) continue;
    const value = String(example(p.name, p.schema, target));
    if (p.in === "path") spec.params[p.name] = value;
    else spec.query[p.name] = value;
  }
  if (/\/editor\//.test(op.template)) spec.headers.authorization = `Bearer ${target.editorToken}`;
  if (/\/admin\//.test(op.template)) spec.headers.authorization = `Bearer ${target.adminToken}`;
  if (target.staff && /^\/api\/beheer\/(orders|returns|webhooks)/.test(op.template)) {
    spec.headers.cookie = `etalage_staff=${target.staff.cookie}`;
    spec.headers["x-csrf-token"] = target.staff.csrf;
  }
  if (op.body) spec.body = { json: example("body", op.body, target) };
  return spec;
}

/**
 * encodeURIComponent, but a lone surrogate (which it refuses) is written as the three bytes a
 * careless client's encoder would send for it.
 */
function percentEncode(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

// Hostile values.

const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype"];
const CONTROL = fc.constantFrom("\u0000", "\u0001", "\u0007", "\u001b", "\u007f", "\b", "\f", "\u000b");

const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), CONTROL, fc.string({ maxLength: 8 }))
      .map(([a, c, b]) => a + c + b),
  },
  fc.constantFrom("\ud800", "a\udfffb", "\udc00\ud800"),
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.constantFrom(
    "",
    " ",
    "\t",
    "%00",
    "%zz",
    "%c0%af",
    "../../etc/passwd",
    "' OR 1=1 --",
    "<script>x</script>",
  ),
  fc.constantFrom("2147483648", "-1", "1e309", "NaN", "0x10", "9".repeat(40), "1.5", "-0"),
  // Long, and now and then beyond a URL's 16 KiB (a 431): more often would hide everything else.
  fc.oneof(
    { weight: 5, arbitrary: fc.integer({ min: 300, max: 1_200 }).map((n) => "é".repeat(n)) },
    { weight: 1, arbitrary: fc.constant("x".repeat(70_000)) },
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(2_147_483_648, -2_147_483_649, 1e308, -1e308, 1.5, -0, Number.MAX_SAFE_INTEGER + 2, 0, -1),
  fc.constantFrom(null, true, false, [], {}, [[[[[]]]]]),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.oneof(hostileString, fc.string({ maxLength: 6 })), fc.jsonValue({ maxDepth: 2 }), {
    maxKeys: 3,
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Raw bodies no JSON parser takes, or takes only to refuse a key. */
const BROKEN_BODIES = fc.constantFrom(
  '{"a":',
  "{'a':1}",
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  "\u0000",
  "",
  "[".repeat(5000),
  '{"a":1}{"b":2}',
  "null",
);

/** Where in a request a hostile value goes. */
type Mutation =
  | { kind: "param"; index: number; value: string; raw: boolean }
  | { kind: "query"; index: number; value: string; raw: boolean }
  | { kind: "extra-query"; name: string; value: string }
  | { kind: "body-leaf"; index: number; value: unknown }
  | { kind: "body-extra"; key: string; value: unknown }
  | { kind: "body-whole"; value: unknown }
  | { kind: "body-text"; text: string }
  | { kind: "no-auth" };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant("param" as const),
    index: fc.nat(),
    value: hostileString,
    raw: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("query" as const),
    index: fc.nat(),
    value: hostileString,
    raw: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("extra-query" as const),
    name: fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), hostileString),
    value: hostileString,
  }),
  fc.record({ kind: fc.constant("body-leaf" as const), index: fc.nat(), value: hostileJson }),
  fc.record({
    kind: fc.constant("body-extra" as const),
    key: fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), hostileString),
    value: hostileJson,
  }),
  fc.record({ kind: fc.constant("body-whole" as const), value: hostileJson }),
  fc.record({ kind: fc.constant("body-text" as const), text: BROKEN_BODIES }),
  fc.constant({ kind: "no-auth" as const }),
);

/** Every place in a JSON document that holds a value, as a path of keys and indexes. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [path];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  const inner = entries.flatMap(([key, v]) => leaves(v, [...path, key]));
  return inner.length > 0 ? [path, ...inner] : [path];
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<
    string | number,
    unknown
  >;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  copy[head] = setAt(copy[head], rest, value);
  return copy;
}

function mutate(spec: RequestSpec, m: Mutation): RequestSpec {
  const next: RequestSpec = {
    ...spec,
    params: { ...spec.params },
    query: { ...spec.query },
    headers: { ...spec.headers },
  };
  const encode = (value: string, raw: boolean) => (raw ? value : percentEncode(value));
  switch (m.kind) {
    case "param": {
      const names = Object.keys(next.params);
      const name = names[m.index % Math.max(1, names.length)];
      if (name !== undefined) next.params[name] = encode(m.value, m.raw);
      break;
    }
    case "query": {
      const names = Object.keys(next.query);
      const name = names[m.index % Math.max(1, names.length)];
      if (name !== undefined) next.query[name] = encode(m.value, m.raw);
      else next.query.q = encode(m.value, m.raw);
      break;
    }
    case "extra-query":
      next.query[percentEncode(m.name)] = percentEncode(m.value);
      break;
    case "body-leaf": {
      const body = next.body && "json" in next.body ? next.body.json : {};
      const places = leaves(body);
      next.body = { json: setAt(body, places[m.index % places.length]!, m.value) };
      break;
    }
    case "body-extra": {
      const body = next.body && "json" in next.body ? next.body.json : {};
      const base = body && typeof body === "object" && !Array.isArray(body) ? body : {};
      // Written as text: an object literal would not carry a `__proto__` key into JSON.
      const json = JSON.stringify(base);
      const extra = `${JSON.stringify(m.key)}:${JSON.stringify(m.value) ?? "null"}`;
      next.body = { text: json === "{}" ? `{${extra}}` : `${json.slice(0, -1)},${extra}}` };
      break;
    }
    case "body-whole":
      next.body = { json: m.value };
      break;
    case "body-text":
      next.body = { text: m.text };
      break;
    case "no-auth":
      delete next.headers.authorization;
      break;
  }
  return next;
}

interface Outcome {
  request: string;
  status: number;
  text: string;
  /** HEAD: no body to judge. */
  head?: boolean;
}

async function send(target: FuzzTarget, spec: RequestSpec): Promise<Outcome> {
  let path = spec.template;
  for (const [name, value] of Object.entries(spec.params)) {
    path = path.replace(`{${name}}`, name === "*" ? value : value || "%20");
  }
  const query = Object.entries(spec.query)
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const url = `${target.url}${path}${query ? `?${query}` : ""}`;
  const headers: Record<string, string> = { ...spec.headers };
  let body: string | undefined;
  if (spec.body && spec.method !== "GET" && spec.method !== "HEAD") {
    headers["content-type"] = "application/json";
    body = "json" in spec.body ? (JSON.stringify(spec.body.json) ?? "null") : spec.body.text;
  }
  const request = `${spec.method} ${url.slice(target.url.length, target.url.length + 300)} ${body?.slice(0, 300) ?? ""}`;
  try {
    const res = await fetch(url, { method: spec.method, headers, body, redirect: "manual" });
    // An event stream (a preview's) stays open: its head is the answer.
    if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
      await res.body?.cancel();
      return { request, status: res.status, text: "" };
    }
    if (spec.method === "HEAD") return { request, status: res.status, text: "", head: true };
    return { request, status: res.status, text: await res.text() };
  } catch (error) {
    return { request, status: 0, text: `fetch failed: ${(error as Error).message}` };
  }
}

/** Where a 400 may point: a request part, or the catalogue's unknown entity type (contract). */
const NAMES_A_FIELD =
  /^(?:(?:body|querystring|params|headers|url|method|content-type|origin|authorization)\b|No entity type registered for )/;

/** What is wrong with an answer, or undefined when it is as the contract says. */
function problemOf(outcome: Outcome, bare: boolean): string | undefined {
  const { status, text } = outcome;
  if (status === 0) return text;
  if (status >= 500) return `answered ${status}: ${text.slice(0, 300)}`;
  if (status === 204 || status === 304 || outcome.head) return undefined;
  if (ELEVATE_PATH.test(outcome.request)) return elevateProblem(status, text);
  // The Elevate catalog export answers JSON Lines (issue 30 item 4).
  if (status === 200 && outcome.request.startsWith("GET /api/admin/elevate/catalog"))
    return text
      .trimEnd()
      .split("\n")
      .every((line) => {
        try {
          return typeof JSON.parse(line) === "object";
        } catch {
          return false;
        }
      })
      ? undefined
      : `answered 200 with a line that is not JSON: ${text.slice(0, 200)}`;
  // The accounting exports answer CSV (issue 25), a header line first.
  if (status === 200 && /^GET \/api\/admin\/exports\/(orders|refunds)\.csv/.test(outcome.request))
    return /^[a-z_]+(,[a-z_]+)+\r?\n/.test(text)
      ? undefined
      : `answered 200 with no CSV header: ${text.slice(0, 200)}`;
  if (STORYBLOK_PATH.test(outcome.request)) return storyblokProblem(status, text);
  let body: { code?: unknown; result?: unknown; items?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  // Catalogue search answers bare on success (contract "Conventions").
  if (bare && status === 200 && Array.isArray(body?.items)) return undefined;
  if (body?.code !== status) return `answered ${status} with code ${body?.code}: ${text.slice(0, 200)}`;
  if (status === 400 && (typeof body.result !== "string" || !NAMES_A_FIELD.test(body.result))) {
    return `answered 400 without naming the field: ${text.slice(0, 200)}`;
  }
  return undefined;
}

/**
 * Elevate's Storefront API v3 answers in the vendor's own shapes, not the envelope (contract
 * "Recommendations and listings", docs/decisions/0018): a JSON object on success, `{ message }`
 * on failure, and a 400's message names the field as the envelope's does. Only under this prefix.
 */
const STORYBLOK_PATH = /^[A-Z]+ \/api\/ext\/vsf-storyblok-extension\/cdn[/? ]/;
// The built-in Voyado Engage REST API answers its refusals in the same `{ message }` shape (issue 24).
const ELEVATE_PATH = /^[A-Z]+ \/api\/(?:storefront\/v3|ext\/voyado-engage-api)\//;

function elevateProblem(status: number, text: string): string | undefined {
  let body: { message?: unknown } | null;
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body))
    return `answered ${status} with ${text.slice(0, 200)}`;
  if (status < 400) return undefined;
  // Node refuses an oversized head before any route reads the path: the shared envelope then.
  if (status === 431 && (body as { code?: unknown }).code === 431) return undefined;
  // So does the router a path that is not percent-encoded text (a vendor route with a path parameter).
  const envelope = body as { code?: unknown; result?: unknown };
  if (status === 400 && envelope.code === 400 && /^url: /.test(String(envelope.result))) return undefined;
  if (typeof body.message !== "string")
    return `answered ${status} without Elevate's message: ${text.slice(0, 200)}`;
  if (status === 400 && !NAMES_A_FIELD.test(body.message))
    return `answered 400 without naming the field: ${text.slice(0, 200)}`;
  return undefined;
}

/**
 * The CMS's Content Delivery API answers as Storyblok's (contract "CMS", issue 30): `{ …, cv }`
 * on success, a redirect to the current `cv`, and refusals as an array of messages, a 422's
 * naming the parameter.
 */
function storyblokProblem(status: number, text: string): string | undefined {
  if (status >= 300 && status < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  if (status === 200)
    return typeof (body as { cv?: unknown } | null)?.cv === "number" || (body as { space?: unknown })?.space
      ? undefined
      : `answered 200 without cv: ${text.slice(0, 200)}`;
  if (status === 431) return undefined;
  if (!Array.isArray(body) || typeof body[0] !== "string")
    return `answered ${status} without Storyblok's messages: ${text.slice(0, 200)}`;
  // The name as the client wrote it, in any script (an unknown parameter is echoed), or a hostile
  // key named under its request part (http/input.ts), as in the envelope.
  if ((status === 400 || status === 422) && !/^\S+: /u.test(body[0]) && !NAMES_A_FIELD.test(body[0]))
    return `answered ${status} without naming the parameter: ${text.slice(0, 200)}`;
  return undefined;
}

export interface FuzzFinding {
  request: string;
  problem: string;
}

/**
 * Sends every operation's valid request once, then `runs` mutated ones; answers the findings.
 * `seed` fixes the sequence, so a finding in CI is found again on a laptop.
 */
export async function fuzzApi(
  target: FuzzTarget,
  operations: Operation[],
  options: { runs: number; seed: number },
): Promise<{ requests: number; findings: FuzzFinding[] }> {
  const findings: FuzzFinding[] = [];
  let requests = 0;
  const check = async (op: Operation, spec: RequestSpec) => {
    const outcome = await send(target, spec);
    requests++;
    const problem = problemOf(outcome, op.template.endsWith("/_search"));
    if (problem) findings.push({ request: outcome.request, problem });
  };
  for (const op of operations) await check(op, validRequest(op, target));
  const cases = fc.sample(
    fc.tuple(fc.nat({ max: operations.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 2 })),
    { numRuns: options.runs, seed: options.seed },
  );
  for (const [index, mutations] of cases) {
    const op = operations[index]!;
    await check(op, mutations.reduce(mutate, validRequest(op, target)));
  }
  return { requests, findings };
}

// The storefront's paths and the image endpoint: no JSON contract, but never a 5xx either.

const segment = fc.oneof(
  fc.constantFrom(
    "kleding",
    "c",
    "p",
    "catalogsearch",
    "result",
    "storyblok",
    "l",
    "elevate",
    "img",
    "assets",
    "api",
    "bestelling",
    "100000001",
  ),
  hostileString.map(percentEncode),
  fc.constantFrom("%00", "%zz", "%", "%2e%2e", "..", "%c0%af", "a%00b", "%E2%80%AE", "%ff"),
  fc.string({ maxLength: 12 }).map(percentEncode),
);

const pagePath = fc
  .tuple(
    fc.array(segment, { minLength: 1, maxLength: 4 }),
    fc.boolean(),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          "q",
          "page",
          "sort",
          "color",
          "price",
          "childSku",
          "token",
          "utm_source",
          ...PROTOTYPE_NAMES,
        ),
        hostileString,
      ),
      hostileString,
      { maxKeys: 3 },
    ),
  )
  .map(([segments, slash, query]) => {
    const search = Object.entries(query)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join("&");
    return `/${segments.join("/")}${slash ? "/" : ""}${search ? `?${search}` : ""}`;
  });

const imagePath = fc
  .tuple(
    fc.oneof(
      fc.constantFrom("386", "0", "600", "-1", "99999", "1e3", "abc", "2401"),
      hostileString.map(percentEncode),
    ),
    fc.oneof(fc.constantFrom("483", "0", "744", "%00"), hostileString.map(percentEncode)),
    fc.oneof(fc.constantFrom("resize", "fit", "crop"), hostileString.map(percentEncode)),
    fc.oneof(
      fc.constantFrom("product/shirt/navy/front.svg", "product/x/y/z.svg", "../../../etc/passwd"),
      segment,
    ),
    fc.oneof(fc.constant(""), fc.constantFrom("?format=webp", "?format=gif", "?focus=2,2", "?focus=%00")),
  )
  .map(([w, h, fit, rest, query]) => `/img/${w}/${h}/${fit}/${rest}${query}`);

/** Pages, form posts and images with hostile paths, queries and forms: never a 5xx. */
export async function fuzzPaths(
  target: Pick<FuzzTarget, "url">,
  options: { runs: number; seed: number },
): Promise<{ requests: number; findings: FuzzFinding[] }> {
  const findings: FuzzFinding[] = [];
  const cases = fc.sample(
    fc.oneof(
      pagePath.map((path) => ({ method: "GET", path, form: undefined as string | undefined })),
      fc
        .tuple(
          pagePath,
          fc.dictionary(
            fc.oneof(fc.constantFrom("sku", "qty", "product_type", "super_group[x]"), hostileString),
            hostileString,
            { maxKeys: 4 },
          ),
        )
        .map(([path, form]) => ({ method: "POST", path, form: new URLSearchParams(form).toString() })),
      imagePath.map((path) => ({ method: "GET", path, form: undefined as string | undefined })),
    ),
    { numRuns: options.runs, seed: options.seed },
  );
  for (const c of cases) {
    const request = `${c.method} ${c.path.slice(0, 300)}`;
    try {
      const res = await fetch(`${target.url}${c.path}`, {
        method: c.method,
        redirect: "manual",
        ...(c.form !== undefined
          ? { body: c.form, headers: { "content-type": "application/x-www-form-urlencoded" } }
          : {}),
      });
      const text = await res.text();
      if (res.status >= 500)
        findings.push({ request, problem: `answered ${res.status}: ${text.slice(0, 200)}` });
      else if (c.path.startsWith("/img/") && res.status !== 200 && res.status !== 304) {
        const problem = problemOf({ request, status: res.status, text }, false);
        if (problem) findings.push({ request, problem });
      }
    } catch (error) {
      findings.push({ request, problem: `fetch failed: ${(error as Error).message}` });
    }
  }
  return { requests: cases.length, findings };
}
