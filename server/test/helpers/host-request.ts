import http from "node:http";
import type { TestServer } from "./test-server.ts";

export interface HostAnswer {
  status: number;
  location: string | undefined;
  setCookie: string[];
  body: string;
}

/**
 * A request to the test server with the Host header a browser on another address sends (fetch
 * always sends the address it connects to): a shop with PUBLIC_URL redirects any other host.
 */
export function requestAs(
  server: TestServer,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HostAnswer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: options.headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            setCookie: res.headers["set-cookie"] ?? [],
            body,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}
