import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, parseAdminArgs } from "./admin-api.ts";

describe("the operator CLIs' admin API client", () => {
  const seen: { url: string; authorization: string | undefined; key: string | undefined; body: string }[] =
    [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({
        url: req.url ?? "",
        authorization: req.headers.authorization,
        key: req.headers["idempotency-key"] as string | undefined,
        body,
      });
      res.setHeader("content-type", "application/json");
      if (req.url?.endsWith("/bad")) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            code: 400,
            result: "Bad Request",
            meta: { errors: [{ path: "body.carrier", message: "Invalid option" }] },
          }),
        );
      } else res.end(JSON.stringify({ code: 200, result: { ok: true } }));
    });
  });
  let origin = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const capture = () => {
    const lines: string[] = [];
    return { lines, io: { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) } };
  };

  it("refuses to start without a token, naming the variable", async () => {
    const { lines, io } = capture();
    expect(await adminApi("/api/admin/x", { url: origin }, {}, io, "the work")).toBeNull();
    expect(lines).toEqual([
      "ERR Set ADMIN_TOKEN (or pass --token): the work goes through the shop's admin API.",
    ]);
  });

  it("sends the token and a POST's body and headers, and answers the result", async () => {
    const { io } = capture();
    const api = await adminApi("/api/admin/x", { url: origin }, { ADMIN_TOKEN: "t0ken" }, io, "the work");
    expect(await api!.call("POST", "/7/ship", { carrier: "postnl" }, { "idempotency-key": "k1" })).toEqual({
      ok: true,
    });
    expect(seen.at(-1)).toEqual({
      url: "/api/admin/x/7/ship",
      authorization: "Bearer t0ken",
      key: "k1",
      body: '{"carrier":"postnl"}',
    });
  });

  it("prints a refusal with the field it names, and answers undefined", async () => {
    const { lines, io } = capture();
    const api = await adminApi("/api/admin/x", { url: origin, token: "t" }, {}, io, "the work");
    expect(await api!.call("GET", "/bad")).toBeUndefined();
    expect(lines).toEqual([`ERR ${origin} answered 400: body.carrier: Invalid option`]);
  });

  it("says when the shop cannot be reached", async () => {
    const { lines, io } = capture();
    const api = await adminApi("/api/admin/x", { url: "http://127.0.0.1:9", token: "t" }, {}, io, "the work");
    expect(await api!.call("GET", "")).toBeUndefined();
    expect(lines[0]).toMatch(/^ERR Cannot reach http:\/\/127\.0\.0\.1:9: /);
  });

  it("prints the usage for --help (exit 0) and for an unknown option (exit 2)", () => {
    const help = capture();
    expect(parseAdminArgs(["--help"], "USAGE", help.io, {})).toBe(0);
    expect(help.lines).toEqual(["USAGE"]);
    const wrong = capture();
    expect(parseAdminArgs(["--nope"], "USAGE", wrong.io, {})).toBe(2);
    expect(wrong.lines[0]).toMatch(/--nope[\s\S]*USAGE$/);
  });
});
