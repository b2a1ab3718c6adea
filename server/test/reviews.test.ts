import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../src/cli/reviews.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

const ADMIN_TOKEN = "review-admin-token-0123456789";
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
let server: TestServer;
let productId: number;
let otherId: number;

beforeAll(async () => {
  server = await startTestServer({ storefront: false, env: { ADMIN_TOKEN, REVIEWS_PER_HOUR: "30" } });
  // Products no seeded review names, so the counts here are this file's alone.
  const { rows } = await server.services.database.db.execute<{ id: number }>(
    "select id from products where parent_id is null and status = 1 and visibility <> 1 and id not in (select product_id from reviews) order by id desc limit 2",
  );
  productId = rows[0]!.id;
  otherId = rows[1]!.id;
});
afterAll(() => server?.close());

const unique = () => `klant-${randomUUID()}@example.nl`;
function review(overrides: Record<string, unknown> = {}) {
  return {
    review: {
      product_id: productId,
      title: "Mooi overhemd",
      detail: "Valt goed, <b>stof</b> is stevig.<script>alert(1)</script>",
      nickname: "Jan",
      ratings: [{ rating_id: 1, value: 4 }],
      email: unique(),
      ...overrides,
    },
  };
}

describe("POST /api/review/create and moderation", () => {
  let pendingId: number;

  it("takes a guest's review as pending, with markup removed, and does not show it yet", async () => {
    const res = await server.post("/api/review/create", review());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.status).toBe("pending");
    pendingId = body.result.id;
    const list = await (await server.get(`/api/review/list?product_id=${productId}`)).json();
    expect(list.result.total).toBe(0);

    const queue = await (await server.get("/api/admin/reviews?status=pending", { headers: admin })).json();
    const row = queue.result.find((r: { id: number }) => r.id === pendingId);
    expect(row.detail).toBe("Valt goed, stof is stevig.");
    expect(row.status).toBe("pending");
  });

  it("shows the review once approved, with the summary", async () => {
    const res = await server.post(`/api/admin/reviews/${pendingId}/approve`, {}, { headers: admin });
    expect(res.status).toBe(200);
    expect((await res.json()).result.status).toBe("approved");
    const list = await (await server.get(`/api/review/list?product_id=${productId}`)).json();
    expect(list.result.items.map((r: { id: number }) => r.id)).toEqual([pendingId]);
    expect(list.result.summary).toEqual({ count: 1, average: 4, histogram: [0, 0, 0, 1, 0] });
  });

  it("accepts one review per email address per product", async () => {
    const email = unique();
    expect((await server.post("/api/review/create", review({ email }))).status).toBe(200);
    const again = await server.post("/api/review/create", review({ email: email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect((await again.json()).result).toBe("body.review: You already reviewed this product");
    expect((await server.post("/api/review/create", review({ email, product_id: otherId }))).status).toBe(
      200,
    );
  });

  it("hides a rejected review and orders by newest or most helpful", async () => {
    const a = (
      await (
        await server.post(
          "/api/review/create",
          review({ title: "Tweede", ratings: [{ rating_id: 1, value: 2 }] }),
        )
      ).json()
    ).result.id;
    const b = (await (await server.post("/api/review/create", review({ title: "Derde" }))).json()).result.id;
    await server.post(`/api/admin/reviews/${a}/approve`, {}, { headers: admin });
    await server.post(`/api/admin/reviews/${b}/reject`, {}, { headers: admin });
    const vote = await (await server.post(`/api/review/${a}/helpful`, {})).json();
    expect(vote.result.counted).toBe(true);
    expect((await (await server.post(`/api/review/${a}/helpful`, {})).json()).result.counted).toBe(false);
    const newest = await (await server.get(`/api/review/list?product_id=${productId}`)).json();
    expect(newest.result.items.map((r: { id: number }) => r.id)).toEqual([a, pendingId]);
    expect(newest.result.summary.count).toBe(2);
    const helpful = await (await server.get(`/api/review/list?product_id=${productId}&sort=helpful`)).json();
    expect(helpful.result.items[0]).toMatchObject({ id: a, helpful: 1 });
    expect((await server.post(`/api/review/${b}/helpful`, {})).status).toBe(404);
  });

  it("refuses bad input with 400 naming the field, and nothing is written", async () => {
    const before = (await (await server.get("/api/admin/reviews?status=all", { headers: admin })).json())
      .result.length;
    const cases: [unknown, RegExp][] = [
      [review({ ratings: [{ rating_id: 1, value: 6 }] }), /review\.ratings\[0\]\.value/],
      [review({ ratings: [] }), /review\.ratings/],
      [review({ title: "" }), /review\.title/],
      [review({ email: undefined }), /review\.email/],
      [review({ email: "geen-adres" }), /review\.email/],
      [review({ nickname: "a\u0000b" }), /review\.nickname/],
      [{ review: { ...review().review, extra: 1 } }, /extra/],
      // Issue 31 item 6: text that is only markup, and a rating the shop does not ask.
      [review({ title: "<b></b>" }), /^body\.review\.title: must hold text/],
      [review({ detail: "<script>alert(1)</script>  " }), /^body\.review\.detail: must hold text/],
      [review({ nickname: "<img src=x>" }), /^body\.review\.nickname: must hold text/],
      [review({ ratings: [{ rating_id: 999, value: 4 }] }), /review\.ratings\[0\]\.rating_id/],
      [
        review({
          ratings: [
            { rating_id: 1, value: 4 },
            { rating_id: 2, value: 5 },
          ],
        }),
        /review\.ratings\[1\]\.rating_id/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await server.post("/api/review/create", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).result).toMatch(message);
    }
    const after = (await (await server.get("/api/admin/reviews?status=all", { headers: admin })).json())
      .result.length;
    expect(after).toBe(before);
    expect((await server.get("/api/review/list?product_id=abc")).status).toBe(400);
    expect((await server.get(`/api/review/list?product_id=${productId}&sort=best`)).status).toBe(400);
  });

  it("answers 404 for an unknown product and 401 for someone else's customer id", async () => {
    expect((await server.post("/api/review/create", review({ product_id: 999_999_999 }))).status).toBe(404);
    const res = await server.post("/api/review/create", review({ customer_id: 7 }));
    expect(res.status).toBe(401);
    expect((await res.json()).result).toMatch(/customer_id/);
  });

  it("keeps moderation to the operator", async () => {
    expect((await server.get("/api/admin/reviews")).status).toBe(401);
    expect((await server.post(`/api/admin/reviews/${pendingId}/reject`, {})).status).toBe(401);
    expect((await server.post("/api/admin/reviews/999999999/approve", {}, { headers: admin })).status).toBe(
      404,
    );
  });

  it("moderates from the command line: npm run reviews -- list|approve|reject", async () => {
    const id = (await (await server.post("/api/review/create", review({ title: "Via de terminal" }))).json())
      .result.id;
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };
    const env = { ...process.env, ADMIN_TOKEN };
    expect(await runCli(["list", "--url", server.url], env, io)).toBe(0);
    expect(lines.join("\n")).toContain(`#${id}  pending`);
    expect(await runCli(["approve", String(id), "--url", server.url], env, io)).toBe(0);
    expect(lines.at(-1)).toMatch(new RegExp(`^#${id} approved`));
    const list = await (await server.get(`/api/review/list?product_id=${productId}`)).json();
    expect(list.result.items[0].title).toBe("Via de terminal");
    expect(await runCli(["reject", "abc", "--url", server.url], env, io)).toBe(2);
    expect(await runCli(["approve", "999999999", "--url", server.url], env, io)).toBe(1);
    expect(await runCli(["list", "--url", server.url], { ...process.env, ADMIN_TOKEN: "" }, io)).toBe(1);
  });

  it("limits how many reviews one address writes per hour", async () => {
    let status = 200;
    for (let i = 0; i < 25 && status !== 429; i++) {
      status = (await server.post("/api/review/create", review({ product_id: otherId }))).status;
    }
    expect(status).toBe(429);
    const res = await server.post("/api/review/create", review());
    expect(await res.json()).toMatchObject({ code: 429, result: expect.stringMatching(/too many reviews/) });
  });
});
