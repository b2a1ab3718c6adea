import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The round-robin proxy in front of `npm run cluster`'s instances: each request goes to the next
 * instance in turn, so one shopper's consecutive requests land on different instances, which is
 * what a multi-instance setup must survive. It retries nothing (a load balancer that retries
 * would hide a lost request) and says which instance answered in `x-etalage-instance`. Like a
 * load balancer it asks each instance's health check (every `healthEveryMs`) and leaves out of
 * the turn one that answers 503 (draining after SIGTERM, or not ready yet) or does not answer.
 */
export interface RoundRobinProxy {
  url: string;
  close(): Promise<void>;
}

/** The instances' ports, read per request: an instance being restarted is still in the turn. */
export async function roundRobinProxy(
  ports: () => readonly number[],
  listen: { port: number; host: string; healthEveryMs?: number },
): Promise<RoundRobinProxy> {
  let turn = 0;
  /** Ports whose last health check failed; until the first check, every instance is in. */
  const out = new Set<number>();
  const check = async () => {
    await Promise.all(
      ports().map(async (port) => {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
            signal: AbortSignal.timeout(2000),
          });
          await res.body?.cancel();
          if (res.ok) out.delete(port);
          else out.add(port);
        } catch {
          out.add(port);
        }
      }),
    );
  };
  let checking = true;
  const checks = (async () => {
    while (checking) {
      await check();
      await new Promise((resolve) => setTimeout(resolve, listen.healthEveryMs ?? 250));
    }
  })();
  /** The next instance in turn that is in; any in turn when none is (its answer says so). */
  const next = (targets: readonly number[]) => {
    for (let i = 0; i < targets.length; i++) {
      const index = turn++ % targets.length;
      if (!out.has(targets[index]!)) return index;
    }
    return turn++ % targets.length;
  };
  const server = http.createServer((request, response) => {
    const targets = ports();
    const index = next(targets);
    const forwardedFor = [request.headers["x-forwarded-for"], request.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: targets[index],
        method: request.method,
        path: request.url,
        headers: { ...request.headers, "x-forwarded-for": forwardedFor },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          "x-etalage-instance": String(index + 1),
        });
        answer.pipe(response);
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      // Refused: the instance is gone; out of the turn until its health check answers again.
      if (error.code === "ECONNREFUSED") out.add(targets[index]!);
      if (response.headersSent) return void response.destroy();
      response.writeHead(502, {
        "content-type": "application/json",
        "x-etalage-instance": String(index + 1),
      });
      response.end(JSON.stringify({ code: 502, result: `Instance ${index + 1} did not answer` }));
    });
    request.pipe(upstream);
  });
  // Streams (the preview's live channel) stay open as long as the shopper keeps them.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(listen.port, listen.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${listen.host.includes(":") ? `[${listen.host}]` : listen.host}:${port}`,
    async close() {
      checking = false;
      await checks;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
