import net from "node:net";
/**
 * Issue 23: the shop works on the host it is reached on, or sends the shopper to its canonical
 * host first. React Router refuses a form post whose Origin is not the origin of the URL it is
 * handed, which made the checkout fail on any host but PUBLIC_URL. Over real HTTP, with the storefront.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestAs as ask } from "./helpers/host-request.ts";
import { startTestServer, type TestServer } from "./helpers/test-server.ts";

/** The checkout's own form post (the pick-up point search answers 200 without a cart). */
const pointsSearch = (server: TestServer, host: string, scheme = "http") =>
  ask(server, "/checkout.data", {
    method: "POST",
    headers: { host, origin: `${scheme}://${host}`, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=points&postcode=3511AB",
  });

describe("PUBLIC_URL unset: any host is the shop", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ storefront: true, env: { PUBLIC_URL: "" } });
  });
  afterAll(() => server?.close());

  it("takes the checkout's form post on 127.0.0.1 and on a LAN address", async () => {
    for (const host of [new URL(server.url).host, "192.168.1.20:3000", "winkel.local"]) {
      const res = await pointsSearch(server, host);
      expect(res.status, host).toBe(200);
      expect(res.body).not.toBe("Bad Request");
    }
  });

  it("names the host it was reached on in canonical and og:url, per host even from the page cache", async () => {
    for (const host of ["192.168.1.20:3000", "winkel.local", "192.168.1.20:3000"]) {
      const { body } = await ask(server, "/", { headers: { host } });
      expect(body, host).toContain(`<link rel="canonical" href="http://${host}/"`);
    }
    const proxied = await ask(server, "/", { headers: { host: "winkel.nl", "x-forwarded-proto": "https" } });
    expect(proxied.body).toContain(`<link rel="canonical" href="https://winkel.nl/"`);
  });

  it("answers an absolute-form request target (RFC 9112 §3.2.2) with the page of its path, never 500", async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () =>
        socket.write(
          `GET http://127.0.0.1:${port}/kleding/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
        ),
      );
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk.toString("latin1");
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(data));
    });
    expect(answer.split(" ")[1]).toBe("200");
    expect(answer).toContain(`rel="canonical" href="http://127.0.0.1:${port}/kleding/"`);
  });

  it("names the default address for a Host header that is no host name", async () => {
    const res = await ask(server, "/", { headers: { host: "evil.test/<x>" } });
    expect(res.status).toBe(200);
    expect(res.body).toContain('rel="canonical" href="http://localhost:');
    expect(res.body).not.toContain("evil.test");
  });
});

describe("PUBLIC_URL set: one canonical host", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ storefront: true, env: { PUBLIC_URL: "https://www.winkel.test" } });
  });
  afterAll(() => server?.close());

  it("redirects a page on another host to the same path on the canonical one: 301 for GET and HEAD", async () => {
    for (const method of ["GET", "HEAD"]) {
      const res = await fetch(`${server.url}/checkout?step=2`, { method, redirect: "manual" });
      expect(res.status, method).toBe(301);
      expect(res.headers.get("location")).toBe("https://www.winkel.test/checkout?step=2");
    }
    const bare = await ask(server, "/", { headers: { host: "winkel.test" } });
    expect(bare.status).toBe(301);
    expect(bare.location).toBe("https://www.winkel.test/");
  });

  it("keeps a form post's method and body on the way (308), and serves the canonical host itself", async () => {
    const post = await pointsSearch(server, "winkel.test");
    expect(post.status).toBe(308);
    expect(post.location).toBe("https://www.winkel.test/checkout.data");
    const own = await pointsSearch(server, "www.winkel.test", "https");
    expect(own.status).toBe(200);
    const page = await ask(server, "/", { headers: { host: "www.winkel.test" } });
    expect(page.status).toBe(200);
  });

  it("does not redirect the API, which clients and load balancers call by any address", async () => {
    const res = await fetch(`${server.url}/api/health`, { redirect: "manual" });
    expect(res.status).toBe(200);
  });
});
