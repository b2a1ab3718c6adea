import { eq, lt } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { adyenTestIdempotency } from "../../../db/schema.ts";
import { errors, validation } from "./errors.ts";

/**
 * `Idempotency-Key` as Adyen documents it: at most 64 characters; the first answer to a key is
 * the answer to every retry with it (whatever the retry's body: Adyen does not compare them), kept
 * at least 31 days; a retry while the first is still running is refused as a transient error.
 * An answer that refused the request (4xx) is not kept, so a corrected retry runs.
 */

const IDEMPOTENCY_DAYS = 31;

export interface Answer {
  status: number;
  body: unknown;
}

export async function idempotent(
  db: Db,
  key: string | undefined,
  path: string,
  run: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  if (key === undefined) return { ...(await run()), replayed: false };
  if (key.length === 0 || key.length > 64)
    throw validation("702", "Idempotency-Key must be between 1 and 64 characters", 400);
  const claimed = await db
    .insert(adyenTestIdempotency)
    .values({ key, path })
    .onConflictDoNothing()
    .returning({ key: adyenTestIdempotency.key });
  if (claimed.length === 0) {
    const [first] = await db.select().from(adyenTestIdempotency).where(eq(adyenTestIdempotency.key, key));
    if (!first || first.status === null) throw errors.idempotencyInFlight();
    return { status: first.status, body: first.body, replayed: true };
  }
  try {
    const answer = await run();
    if (answer.status < 400)
      await db
        .update(adyenTestIdempotency)
        .set({ status: answer.status, body: answer.body })
        .where(eq(adyenTestIdempotency.key, key));
    else await db.delete(adyenTestIdempotency).where(eq(adyenTestIdempotency.key, key));
    return { ...answer, replayed: false };
  } catch (error) {
    await db.delete(adyenTestIdempotency).where(eq(adyenTestIdempotency.key, key));
    throw error;
  }
}

/** Keys past Adyen's 31 days (housekeeping). */
export async function purgeGatewayIdempotency(db: Db, now: Date = new Date()): Promise<number> {
  const gone = await db
    .delete(adyenTestIdempotency)
    .where(lt(adyenTestIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_DAYS * 24 * 60 * 60_000)))
    .returning({ key: adyenTestIdempotency.key });
  return gone.length;
}
