import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";

/**
 * A door in front of an Engage (the built-in one of another Etalage): passes every call through
 * once, counts the calls that change a contact (each POST) per email address, and on `hold()`
 * keeps the answers of those calls back, after Engage has carried them out, until `release()`:
 * the shop that sent one is then in the middle of its round, its change already made.
 */
export interface EngageDoor {
  url: string;
  /** Writes per email address (lower case): creates, updates and email preferences. */
  writes(email: string): number;
  /** Writes whose answer is being held now. */
  held(): number;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function engageDoor(target: string): Promise<EngageDoor> {
  const writes = new Map<string, number>();
  /** Contact ids Engage answered, to the email address they belong to. */
  const emailOf = new Map<string, string>();
  let holding = false;
  let waiting: (() => void)[] = [];
  const learn = (email: string | undefined, id: string | undefined) => {
    if (email && id) emailOf.set(id, email.toLowerCase());
  };
  const server = createServer(async (req, res) => {
    try {
      const body = await bodyOf(req);
      const url = req.url ?? "/";
      const upstream = await fetch(`${target}${url}`, {
        method: req.method ?? "GET",
        headers: Object.fromEntries(
          ["apikey", "content-type", "accept", "user-agent"].flatMap((name) =>
            typeof req.headers[name] === "string" ? [[name, req.headers[name]]] : [],
          ),
        ),
        ...(req.method === "POST" ? { body } : {}),
      });
      const answer = await upstream.text();
      const parsed = (() => {
        try {
          return answer ? JSON.parse(answer) : undefined;
        } catch {
          return undefined;
        }
      })();
      const path = url.split("?")[0] ?? "";
      if (req.method === "GET" && path.endsWith("/contacts/id") && typeof parsed === "string")
        learn(new URL(url, "http://door").searchParams.get("email") ?? undefined, parsed);
      if (req.method === "POST") {
        const sent = body ? (JSON.parse(body) as { email?: string }) : {};
        learn(parsed?.attributes?.email ?? sent.email, parsed?.id);
        const id = /\/contacts\/([^/]+)\/preferences\//.exec(path)?.[1];
        const email = (
          sent.email ??
          (id ? emailOf.get(decodeURIComponent(id)) : undefined) ??
          "?"
        ).toLowerCase();
        writes.set(email, (writes.get(email) ?? 0) + 1);
        if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
      }
      res.writeHead(upstream.status, {
        "content-type": upstream.headers.get("content-type") ?? "text/plain",
      });
      res.end(answer);
    } catch (error) {
      // The shop that asked may be gone (killed while its answer was held): nobody to answer.
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(502);
        res.end(String(error));
      }
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const release = () => {
    holding = false;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  return {
    url: `http://127.0.0.1:${port}`,
    writes: (email) => writes.get(email.toLowerCase()) ?? 0,
    held: () => waiting.length,
    hold() {
      holding = true;
    },
    release,
    async close() {
      release();
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
