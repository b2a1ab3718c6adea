import { t } from "@etalage/core";
import type { Db } from "../../db/client.ts";
import { fieldError } from "../accounts/passwords.ts";
import { runIdempotent } from "../idempotency.ts";
import { tx } from "./accounts.ts";

/**
 * One transaction for a staff member's change, run once per `Idempotency-Key` when the browser
 * sends one: a retry of a change that went through gets its first answer, not a second change
 * (or a refusal because the first one already happened). A refusal (an error) keeps nothing.
 */
export async function once<T>(
  db: Db,
  scope: string,
  key: string | undefined,
  request: unknown,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  if (key === undefined) return tx(db, work);
  const outcome = await tx(db, (trx) =>
    runIdempotent(trx, { scope, key, request }, async () => ({
      code: 200,
      body: { code: 200, result: (await work(trx)) ?? null },
    })),
  );
  if (outcome.kind === "conflict")
    throw fieldError(
      "headers.idempotency-key",
      t("This request was already made with another body: use a new Idempotency-Key"),
      {},
      409,
    );
  return (outcome.answer.body as { result: T }).result;
}
