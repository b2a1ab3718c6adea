import { emailKey, sha1 } from "@etalage/core";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "./envelope.ts";

/**
 * Limits for requests that make the shop mail an address the caller typed (newsletter sign-up,
 * back-in-stock alert; issue 31 item 2). A shop that mails whoever it is told to is a spam relay
 * and spends its own sender reputation, so three limits hold, each on its own, over an hour:
 *
 * - per client: how many different mailboxes one address may have mailed (a shopper signs up
 *   herself, perhaps a partner; a script signs up strangers). RATE_LIMIT_ALLOW lifts it, as it
 *   lifts every per-address limit;
 * - per mailbox: how often one mailbox may be asked for, from anywhere (one victim, many clients);
 * - overall: the most the shop mails on request in an hour, whoever asks.
 *
 * Counted by @fastify/rate-limit's own limiters (so in Redis with REDIS_URL, across instances).
 * A refusal is 429 with `Retry-After`, and nothing is written or mailed.
 */
export interface MailLimits {
  /** Used in the keys, so each route's counters are its own. */
  name: string;
  /** Different mailboxes one client may ask for in an hour. */
  mailboxesPerClient: number;
  /** Requests for one mailbox in an hour, from any client. */
  perMailbox: number;
  /** Requests the shop takes in an hour, from everyone. */
  overall: number;
  /** Client addresses the per-client limit does not count (RATE_LIMIT_ALLOW). */
  allow: readonly string[];
}

const HOUR_MS = 60 * 60_000;

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;
type Checked = Awaited<ReturnType<Limiter>>;

/** A preHandler (after validation: the key names the mailbox) that applies the three limits. */
export function mailLimits(app: FastifyInstance, limits: MailLimits) {
  const limiter = (max: number, key: (request: FastifyRequest) => string): Limiter =>
    app.createRateLimit({ max, timeWindow: HOUR_MS, keyGenerator: key });
  // Hashed: the counters (in Redis, for an hour) hold no address.
  const mailboxOf = (request: FastifyRequest) => {
    const body = request.body as { email?: unknown } | undefined;
    return typeof body?.email === "string" ? sha1(emailKey(body.email)) : "";
  };
  // An IPv6 client has a whole network of addresses: counted as one (/56), as the route limits do.
  const clientOf = (request: FastifyRequest) => normalizeIP(request.ip);
  // Counts a client's requests per mailbox: the first in its window is a new mailbox for the client.
  const pair = limiter(limits.perMailbox, (r) => `mail:${limits.name}:pair:${clientOf(r)}|${mailboxOf(r)}`);
  const client = limiter(limits.mailboxesPerClient, (r) => `mail:${limits.name}:client:${clientOf(r)}`);
  const mailbox = limiter(limits.perMailbox, (r) => `mail:${limits.name}:mailbox:${mailboxOf(r)}`);
  const overall = limiter(limits.overall, () => `mail:${limits.name}:all`);

  const refuse = (reply: FastifyReply, checked: Checked, message: string): never => {
    const seconds = "ttlInSeconds" in checked ? Math.max(1, checked.ttlInSeconds) : 3600;
    reply.header("retry-after", String(seconds));
    throw new ApiError(429, `${message} Try again in ${Math.ceil(seconds / 60)} minutes.`);
  };
  const exceeded = (checked: Checked) => !checked.isAllowed && checked.isExceeded;

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!limits.allow.includes(request.ip)) {
      const asked = await pair(request);
      const isNew = !asked.isAllowed && asked.remaining === asked.max - 1;
      // A new mailbox counts against the client; one it asked for before only needs it not over.
      const counted = await client(request, isNew ? undefined : { increment: false });
      if (exceeded(counted)) refuse(reply, counted, "body.email: too many addresses from this client.");
    }
    const forMailbox = await mailbox(request);
    if (exceeded(forMailbox)) refuse(reply, forMailbox, "body.email: too many requests for this address.");
    const all = await overall(request);
    if (exceeded(all)) refuse(reply, all, "Too many requests for mail just now.");
  };
}
