/**
 * The soak's traffic: a fixed, seeded set of distinct requests a shop sees (category pages with
 * filters, sorts and pages; product pages; the search page and the search API; images in the
 * sizes the pages link and in AVIF, WebP and JPEG; cart writes), drawn by Zipf's law so popular
 * pages repeat as they do in a real shop while the tail keeps reaching new keys. Everything is
 * read from the running shop (its categories, products, stock and the filter and image links its
 * pages carry), so the mix follows the catalogue rather than a list kept here.
 */
import http from "node:http";

export type Kind = "category" | "product" | "search-page" | "search-api" | "image" | "cart";
export const KINDS: readonly Kind[] = ["category", "product", "search-page", "search-api", "image", "cart"];

/** Share of each kind in the mix, in percent. */
const WEIGHTS: Readonly<Record<Kind, number>> = {
  category: 30,
  product: 20,
  "search-page": 8,
  "search-api": 12,
  image: 15,
  cart: 15,
};

const MOBILE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const DESKTOP_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
// Crawlers get the whole page at once instead of a stream, another way through the renderer.
const CRAWLER_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PAGE_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const IMAGE_ACCEPTS = [
  "image/avif,image/webp,image/apng,image/*,*/*;q=0.8",
  "image/webp,image/*,*/*;q=0.8",
  "image/*,*/*;q=0.8",
];
const SEARCH_TERMS = [
  "overhemd",
  "blauw overhemd",
  "sneaker",
  "sneker",
  "chelsea boot",
  "wollen sjaal",
  "zwarte jeans",
  "kasjmier trui",
  "regenjas",
  "linnen",
  "polo",
  "riem",
  "sokken",
  "loafer",
  "slim fit",
  "overhmed",
  "wintertrui",
  "tas leer",
  "colbert",
  "chino",
];
const CART = "/api/ext/tritonx/cart";
const SEARCH_PAGE_SIZE = 18;
const LISTING_PAGE_SIZE = 24;

/**
 * The weights with `kind:weight` pairs applied (SOAK_MIX="image:0,cart:30"): a diagnostic run
 * without one kind of request shows that kind's share of the memory.
 */
export function weightsFrom(text: string | undefined): Record<Kind, number> {
  const weights = { ...WEIGHTS };
  for (const pair of (text ?? "").split(",").filter(Boolean)) {
    const [kind, value] = pair.split(":");
    if (!(KINDS as readonly string[]).includes(kind!) || !/^\d+$/.test(value ?? ""))
      throw new Error(`SOAK_MIX: "${pair}" is not kind:weight with kind one of ${KINDS.join(", ")}`);
    weights[kind as Kind] = Number(value);
  }
  return weights;
}

/** Deterministic PRNG (mulberry32), so two runs send the same requests in the same order. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws indexes 0..n-1 with probability ∝ 1/(i+1)^s. */
function zipf(n: number, s: number, rand: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += 1 / (i + 1) ** s;
    cumulative[i] = sum;
  }
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function shuffle<T>(items: T[], rand: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export interface Answer {
  status: number;
  bytes: number;
  body?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

/** node:http with keep-alive: far less client CPU per request than fetch on a 2-core machine. */
export function send(
  base: string,
  request: { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string },
  keepBody = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(request.body));
    }
    const req = http.request(
      base + request.path,
      { method: request.method, agent, headers, timeout: 30_000 },
      (res) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (keepBody) chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            ...(keepBody ? { body: Buffer.concat(chunks).toString("utf8") } : {}),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out after 30 s")));
    req.on("error", reject);
    req.end(request.body);
  });
}

async function json<T>(base: string, path: string, body?: unknown): Promise<T> {
  const answer = await send(
    base,
    body === undefined ? { method: "GET", path } : { method: "POST", path, body: JSON.stringify(body) },
    true,
  );
  if (answer.status !== 200)
    throw new Error(`${path} answered ${answer.status}: ${answer.body?.slice(0, 200)}`);
  return JSON.parse(answer.body!) as T;
}

interface Category {
  url_path: string;
  product_count: number;
}
interface ProductHit {
  sku: string;
  type_id: string;
  url_path: string;
  image?: string;
  configurable_children?: { sku: string }[];
}

/** What the shop offers, read once before the load. */
export interface ShopSample {
  categoryUrls: string[];
  productUrls: string[];
  searchTerms: string[];
  imageUrls: string[];
  /** Skus in stock that a cart takes (simple products and configurable children). */
  cartSkus: string[];
}

export async function sampleShop(base: string, rand: () => number): Promise<ShopSample> {
  const categories = (
    await json<{ items: Category[] }>(
      base,
      "/api/catalog/catalog_nl/category/_search?size=200&_source_include=url_path,product_count",
      {},
    )
  ).items.filter((c) => c.url_path !== "" && c.product_count > 0);
  const products = (
    await json<{ items: ProductHit[] }>(
      base,
      "/api/catalog/catalog_nl/product/_search?size=4000&_source_include=sku,type_id,url_path,image,configurable_children.sku",
      {},
    )
  ).items;

  // Filter links and image sizes as the pages render them (the shop decides which exist).
  const filtersOf = new Map<string, string[]>();
  const imageSizes = new Set<string>();
  for (const category of categories) {
    const page = await send(
      base,
      { method: "GET", path: `/${category.url_path}/`, headers: { "user-agent": DESKTOP_UA } },
      true,
    );
    const prefix = `/${category.url_path}/?`;
    const params = new Set<string>();
    for (const m of page.body!.matchAll(/href="([^"]+)"/g)) {
      const href = m[1]!.replaceAll("&amp;", "&");
      if (href.startsWith(prefix) && /^[a-z_]+=[\w.,-]+$/.test(href.slice(prefix.length)))
        params.add(href.slice(prefix.length));
    }
    filtersOf.set(category.url_path, [...params]);
    for (const m of page.body!.matchAll(/\/img\/(\d+\/\d+\/[a-z]+)\//g)) imageSizes.add(m[1]!);
  }
  const product = products.find((p) => p.url_path);
  if (product) {
    const page = await send(base, { method: "GET", path: `/${product.url_path}/` }, true);
    for (const m of page.body!.matchAll(/\/img\/(\d+\/\d+\/[a-z]+)\//g)) imageSizes.add(m[1]!);
  }

  // Category pages: a category weighted by its size, then none, one or two of its filters, a
  // sort and a page that exists.
  const sorts = ["", "sort=updated_at:desc", "sort=final_price:asc", "sort=final_price:desc"];
  const categoryUrls = new Set<string>(categories.map((c) => `/${c.url_path}/`));
  const totalProducts = categories.reduce((sum, c) => sum + c.product_count, 0);
  for (let attempts = 0; categoryUrls.size < 3000 && attempts < 20_000; attempts++) {
    const pick = rand() * totalProducts;
    let below = 0;
    const category =
      categories.find((c) => {
        below += c.product_count;
        return pick < below;
      }) ?? categories[0]!;
    const filters = filtersOf.get(category.url_path) ?? [];
    const query: string[] = [];
    const filterCount = rand() < 0.3 ? 0 : rand() < 0.7 ? 1 : 2;
    for (let i = 0; i < filterCount && filters.length > 0; i++)
      query.push(filters[Math.floor(rand() * filters.length)]!);
    const sort = sorts[Math.floor(rand() * sorts.length)]!;
    if (sort) query.push(sort);
    const pages = Math.max(1, Math.ceil(category.product_count / LISTING_PAGE_SIZE));
    // Filtered listings are short: their later pages would mostly not exist.
    const page = query.length === 0 || rand() < 0.3 ? 1 + Math.floor(rand() * Math.min(3, pages)) : 1;
    if (page > 1) query.push(`page=${page}`);
    const unique = [...new Set(query)];
    categoryUrls.add(`/${category.url_path}/${unique.length ? `?${unique.join("&")}` : ""}`);
  }

  const productUrls = products.filter((p) => p.url_path).map((p) => `/${p.url_path}/`);

  // Search terms: the list above, then words of product url paths (what shoppers type).
  const words = new Set<string>();
  for (const p of products) for (const w of p.url_path.split("-")) if (/^[a-z]{4,}$/.test(w)) words.add(w);
  const wordList = shuffle([...words], rand);
  const searchTerms = [...SEARCH_TERMS];
  for (let i = 0; i + 1 < wordList.length && searchTerms.length < 400; i += 2)
    searchTerms.push(rand() < 0.5 ? wordList[i]! : `${wordList[i]} ${wordList[i + 1]}`);

  const sources = [...new Set(products.map((p) => p.image).filter((i): i is string => !!i))];
  const views = ["front", "detail"];
  const imageUrls: string[] = [];
  for (const source of sources)
    for (const view of views)
      for (const size of imageSizes)
        imageUrls.push(`/img/${size}${source.replace(/\/[a-z]+\.svg$/, `/${view}.svg`)}`);

  // Cart skus with stock, so a write is an add and not a refusal.
  const candidates = products.flatMap((p) =>
    p.type_id === "simple"
      ? [p.sku]
      : p.type_id === "configurable"
        ? (p.configurable_children ?? []).map((c) => c.sku)
        : [],
  );
  const cartSkus: string[] = [];
  const wanted = shuffle(candidates, rand).slice(0, 1000);
  for (let i = 0; i < wanted.length; i += 100) {
    const skus = wanted.slice(i, i + 100);
    const stock = await json<{ result: { sku: string; status: string; qty: number }[] }>(
      base,
      `/api/stock/list?skus=${encodeURIComponent(skus.join(","))}`,
    );
    for (const s of stock.result) if (s.status === "ok" && s.qty >= 20) cartSkus.push(s.sku);
  }

  return {
    categoryUrls: shuffle([...categoryUrls], rand),
    productUrls: shuffle(productUrls, rand),
    searchTerms: shuffle(searchTerms, rand),
    imageUrls: shuffle(imageUrls, rand),
    cartSkus,
  };
}

export interface PlannedRequest {
  kind: Kind;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Reads the answer: the cart's state follows its writes. */
  onAnswer?: (answer: Answer) => void;
}

interface OpenCart {
  id: string | undefined;
  creating: boolean;
  lines: { itemId: number; sku: string; qty: number }[];
  writes: number;
}

/**
 * An endless, deterministic stream of requests over the sample. Carts are a pool of shoppers,
 * each adding a few lines, changing a quantity, asking the totals, and moving on to a new cart.
 */
export function requestStream(
  sample: ShopSample,
  seed: number,
  weights: Readonly<Record<Kind, number>> = WEIGHTS,
): () => PlannedRequest {
  const rand = random(seed);
  const kinds = KINDS.flatMap((kind) => Array<Kind>(weights[kind]).fill(kind));
  const draw = {
    category: zipf(sample.categoryUrls.length, 1, rand),
    product: zipf(sample.productUrls.length, 1, rand),
    search: zipf(sample.searchTerms.length, 1, rand),
    image: zipf(sample.imageUrls.length, 1, rand),
  };
  const carts: OpenCart[] = Array.from({ length: 24 }, () => ({
    id: undefined,
    creating: false,
    lines: [],
    writes: 0,
  }));
  let keys = 0;

  const pageHeaders = (): Record<string, string> => {
    const r = rand();
    return {
      accept: PAGE_ACCEPT,
      "accept-encoding": r < 0.9 ? "gzip, deflate, br" : "identity",
      "user-agent": r < 0.55 ? MOBILE_UA : r < 0.9 ? DESKTOP_UA : CRAWLER_UA,
    };
  };

  function cartRequest(): PlannedRequest {
    const ready = carts.filter((c) => !c.creating);
    // Every shopper waits for a new cart: the answers are slow, so send a page instead.
    if (ready.length === 0)
      return { kind: "product", method: "GET", path: sample.productUrls[0]!, headers: pageHeaders() };
    const cart = ready[Math.floor(rand() * ready.length)]!;
    if (cart.id === undefined || cart.writes >= 6) {
      cart.creating = true;
      return {
        kind: "cart",
        method: "POST",
        path: `${CART}/create`,
        headers: {},
        onAnswer: (answer) => {
          cart.creating = false;
          if (answer.status !== 200 || !answer.body) return;
          cart.id = (JSON.parse(answer.body) as { result: string }).result;
          cart.lines = [];
          cart.writes = 0;
        },
      };
    }
    cart.writes++;
    const idempotency = { "idempotency-key": `soak-${seed}-${++keys}` };
    const line = cart.lines[Math.floor(rand() * cart.lines.length)];
    if (cart.lines.length >= 3 || (line && rand() < 0.3)) {
      if (rand() < 0.4)
        return { kind: "cart", method: "GET", path: `${CART}/totals?cartId=${cart.id}`, headers: {} };
      const target = line ?? cart.lines[0]!;
      target.qty = 1 + (target.qty % 4);
      return {
        kind: "cart",
        method: "POST",
        path: `${CART}/update?cartId=${cart.id}`,
        headers: idempotency,
        body: JSON.stringify({
          cartItem: { item_id: target.itemId, sku: target.sku, qty: target.qty, quoteId: cart.id },
        }),
      };
    }
    const sku = sample.cartSkus[Math.floor(rand() * sample.cartSkus.length)]!;
    return {
      kind: "cart",
      method: "POST",
      path: `${CART}/update?cartId=${cart.id}`,
      headers: idempotency,
      body: JSON.stringify({ cartItem: { sku, qty: 1, quoteId: cart.id } }),
      onAnswer: (answer) => {
        if (answer.status !== 200 || !answer.body) return;
        const item = (JSON.parse(answer.body) as { result: { item_id: number; qty: number } }).result;
        if (!cart.lines.some((l) => l.itemId === item.item_id))
          cart.lines.push({ itemId: item.item_id, sku, qty: item.qty });
      },
    };
  }

  return () => {
    const kind = kinds[Math.floor(rand() * kinds.length)]!;
    switch (kind) {
      case "category":
        return { kind, method: "GET", path: sample.categoryUrls[draw.category()]!, headers: pageHeaders() };
      case "product":
        return { kind, method: "GET", path: sample.productUrls[draw.product()]!, headers: pageHeaders() };
      case "search-page":
        return {
          kind,
          method: "GET",
          path: `/catalogsearch/result/?q=${encodeURIComponent(sample.searchTerms[draw.search()]!)}`,
          headers: pageHeaders(),
        };
      case "search-api": {
        const from = rand() < 0.7 ? 0 : SEARCH_PAGE_SIZE * (1 + Math.floor(rand() * 3));
        return {
          kind,
          method: "POST",
          path: `/api/catalog/catalog_nl/product/_search?from=${from}&size=${SEARCH_PAGE_SIZE}&_source_include=id,sku,name,brand,image,price_incl_tax,final_price_incl_tax,special_price,type_id,url_path`,
          headers: { "accept-encoding": "gzip, deflate, br" },
          body: JSON.stringify({
            _searchText: sample.searchTerms[draw.search()]!,
            ...(from === 0 ? { _availableFilters: [{ field: "brand" }] } : {}),
          }),
        };
      }
      case "image":
        return {
          kind,
          method: "GET",
          path: sample.imageUrls[draw.image()]!,
          headers: { accept: IMAGE_ACCEPTS[Math.floor(rand() * IMAGE_ACCEPTS.length)]! },
        };
      case "cart":
        return cartRequest();
    }
  };
}
