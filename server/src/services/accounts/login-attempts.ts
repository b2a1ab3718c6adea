import { and, count, eq, getTableName, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { loginFailures, staffLoginFailures } from "../../db/schema.ts";
import { ApiError } from "../../http/envelope.ts";

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins for one email from one address in LOGIN_WINDOW_MS before that address is refused. */
const MAX_FAILED_LOGINS_PER_EMAIL = 10;
/** Failed logins for one email from all addresses before its logins are slowed down. */
const FREE_FAILED_LOGINS = 5;
const MAX_LOGIN_DELAY_MS = 8000;

/** Customers' and staff's failed logins: one row per failure, by email and client address. */
type FailureTable = typeof loginFailures | typeof staffLoginFailures;

/**
 * How long a login for an email with `failures` recent failures (from any address) waits: nothing
 * for the first five, then 250 ms doubling to 8 s. A guesser spread over many addresses gets a few
 * tries a minute per connection; the owner, with the right password, still gets in.
 */
function loginDelayMs(failures: number): number {
  if (failures < FREE_FAILED_LOGINS) return 0;
  return Math.min(250 * 2 ** (failures - FREE_FAILED_LOGINS), MAX_LOGIN_DELAY_MS);
}

export interface LoginAttempt {
  /** The password was right: the attempt is not a failure after all. */
  succeeded(): Promise<void>;
}

/**
 * Lets a login try its password, or refuses it (429) when its address has used up the email's
 * failures (issue 31 item 5). The attempt counts as a failure from the start and stops counting
 * when it succeeds: read first and written after the password check, twenty guesses sent at once
 * all read "no failures yet" and all got their try. The count and the attempt's row are written
 * under a lock per email and address, so the eleventh of them is refused. Then the login waits the
 * email's delay.
 */
export async function startLoginAttempt(
  db: Db,
  table: FailureTable,
  email: string,
  address: string,
): Promise<LoginAttempt> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  const { failures, id } = await db.transaction(async (t) => {
    // One at a time per email and address; other emails and addresses do not wait.
    await t.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${getTableName(table)} ${email} ${address}`}))`,
    );
    const [found] = await t
      .select({
        n: count(),
        here: sql<number>`count(*) filter (where ${table.address} = ${address})`,
        first: sql<string | null>`min(${table.at}) filter (where ${table.address} = ${address})`,
      })
      .from(table)
      .where(and(eq(table.email, email), gt(table.at, since)));
    if (Number(found?.here ?? 0) >= MAX_FAILED_LOGINS_PER_EMAIL) {
      const first = new Date(found!.first!).getTime();
      const retryAfter = Math.max(1, Math.ceil((first + LOGIN_WINDOW_MS - Date.now()) / 1000));
      throw new ApiError(429, "Too many attempts. Try again in a few minutes.", { retryAfter });
    }
    const [row] = await t.insert(table).values({ email, address }).returning({ id: table.id });
    return { failures: Number(found?.n ?? 0), id: row!.id };
  });
  const delay = loginDelayMs(failures);
  if (delay > 0) await new Promise<void>((resolve) => setTimeout(resolve, delay));
  return {
    async succeeded() {
      await db.delete(table).where(eq(table.id, id));
    },
  };
}
