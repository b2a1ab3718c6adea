import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { adyenTestPayments, adyenTestSessions, type GatewaySessionStatus } from "../../../db/schema.ts";
import { brandOf, type CardInput, cardProblem, decideCard, parseExpiry } from "../card-rules.ts";
import { type BankOutcome, settleAtBank } from "./api-payments.ts";
import { errors } from "./errors.ts";
import {
  authorise,
  GATEWAY_BASE,
  type GatewayPayment,
  inTransaction,
  type Ledger,
  newPspReference,
  opaqueToken,
  refuse,
} from "./ledger.ts";
import type { SessionInput } from "./requests.ts";

/**
 * Hosted Checkout: `POST /sessions` (both modes), the hosted page's payments, and
 * `GET /sessions/{id}?sessionResult=`. A refused try leaves the session open for another, until
 * three are refused; the shopper returns with `sessionId` and `sessionResult`.
 */

export type GatewaySession = typeof adyenTestSessions.$inferSelect;

/** Adyen ends a session after this many refused payments (status `refused`). */
const MAX_REFUSED_PAYMENTS = 3;

/** The methods this test account offers, in the hosted page's order. */
const OFFERED_METHODS = ["scheme", "ideal"] as const;

export async function createSession(
  ledger: Ledger,
  input: SessionInput,
  request: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const id = `CS${randomBytes(8).toString("hex").toUpperCase()}`;
  const sessionData = randomBytes(48).toString("base64");
  await ledger.db.insert(adyenTestSessions).values({
    id,
    merchantAccount: ledger.keys.merchantAccount,
    reference: input.reference,
    amountValue: input.amount.value,
    currency: input.amount.currency,
    returnUrl: input.returnUrl,
    mode: input.mode,
    allowedPaymentMethods: input.allowedPaymentMethods,
    shopperLocale: input.shopperLocale,
    request,
    sessionData,
    expiresAt: input.expiresAt,
  });
  return {
    ...request,
    id,
    mode: input.mode,
    expiresAt: input.expiresAt.toISOString(),
    sessionData,
    ...(input.mode === "hosted" ? { url: `${ledger.settings.publicUrl}${GATEWAY_BASE}/pay/${id}` } : {}),
  };
}

/** The methods the session's page shows: the account's, narrowed by `allowedPaymentMethods`. */
export function methodsOf(session: GatewaySession): string[] {
  const allowed = session.allowedPaymentMethods;
  return OFFERED_METHODS.filter((m) => !allowed || allowed.includes(m));
}

export async function findSession(db: Db, id: string): Promise<GatewaySession | undefined> {
  const [session] = await db.select().from(adyenTestSessions).where(eq(adyenTestSessions.id, id));
  if (session && session.status === "active" && session.expiresAt.getTime() <= Date.now())
    return { ...session, status: "expired" };
  return session;
}

async function lockSession(tx: Db, id: string): Promise<GatewaySession | undefined> {
  const [session] = await tx
    .select()
    .from(adyenTestSessions)
    .where(eq(adyenTestSessions.id, id))
    .for("update");
  return session;
}

/** The session's status and an opaque sessionResult for the shopper's return. */
async function endVisit(tx: Db, session: GatewaySession, status: GatewaySessionStatus): Promise<string> {
  const sessionResult = opaqueToken();
  await tx
    .update(adyenTestSessions)
    .set({ status, sessionResult, updatedAt: new Date() })
    .where(eq(adyenTestSessions.id, session.id));
  const url = new URL(session.returnUrl);
  url.searchParams.set("sessionId", session.id);
  url.searchParams.set("sessionResult", sessionResult);
  return url.toString();
}

/** What the hosted page does next. */
export type PageStep =
  | { kind: "return"; url: string }
  | { kind: "page"; problem: string | null; refused: boolean }
  | { kind: "challenge"; psp: string }
  | { kind: "bank" }
  | { kind: "closed"; status: GatewaySessionStatus };

function paymentRow(ledger: Ledger, session: GatewaySession, method: string) {
  return {
    pspReference: newPspReference(),
    merchantAccount: ledger.keys.merchantAccount,
    merchantReference: session.reference,
    sessionId: session.id,
    amountValue: session.amountValue,
    currency: session.currency,
    method,
    expiresAt: session.expiresAt,
  };
}

/** A refused try: back to the page, or, the third time, the session is refused and the shopper returns. */
async function afterRefusal(tx: Db, session: GatewaySession): Promise<PageStep> {
  const refused = session.refusedPayments + 1;
  await tx
    .update(adyenTestSessions)
    .set({ refusedPayments: refused, updatedAt: new Date() })
    .where(eq(adyenTestSessions.id, session.id));
  if (refused >= MAX_REFUSED_PAYMENTS) return { kind: "return", url: await endVisit(tx, session, "refused") };
  return { kind: "page", problem: null, refused: true };
}

function open(session: GatewaySession | undefined, method: string): GatewaySession {
  if (session?.mode !== "hosted" || !methodsOf(session).includes(method)) throw errors.notFound();
  return session;
}

/** The card form of the hosted page. */
export async function payByCard(
  ledger: Ledger,
  sessionId: string,
  form: Record<string, string>,
): Promise<PageStep> {
  const number = String(form.number ?? "").replace(/\s+/g, "");
  const expiry = parseExpiry(String(form.expiry ?? ""));
  const card: CardInput = {
    number,
    expiryMonth: expiry ? String(expiry.month) : "",
    expiryYear: expiry ? String(expiry.year) : "",
    cvc: String(form.cvc ?? "").trim(),
    holderName: String(form.holder ?? "").trim(),
  };
  const problems = pageProblems(card, expiry !== null);
  if (problems) return { kind: "page", problem: problems, refused: false };
  return inTransaction(ledger, async (tx) => {
    const session = open(await lockSession(tx, sessionId), "scheme");
    if (session.status !== "active" || session.expiresAt.getTime() <= Date.now())
      return { kind: "closed", status: session.status === "active" ? "expired" : session.status };
    const decision = decideCard(card);
    const row = {
      ...paymentRow(ledger, session, "scheme"),
      brand: brandOf(number),
      holderName: card.holderName,
      lastFour: number.slice(-4),
    };
    if ("flow" in decision && decision.flow === "challenge") {
      const [payment] = await tx
        .insert(adyenTestPayments)
        .values({ ...row, stage: "challenge", resultCode: "RedirectShopper" })
        .returning();
      return { kind: "challenge", psp: payment!.pspReference };
    }
    const [payment] = await tx
      .insert(adyenTestPayments)
      .values({ ...row, stage: "done", resultCode: "Received" })
      .returning();
    if ("flow" in decision) {
      await authorise(ledger, tx, payment!);
      return { kind: "return", url: await endVisit(tx, session, "completed") };
    }
    if (decision.resultCode === "Received") {
      await tx
        .update(adyenTestPayments)
        .set({ stage: "pending", resultCode: "Received" })
        .where(eq(adyenTestPayments.pspReference, payment!.pspReference));
      return { kind: "return", url: await endVisit(tx, session, "paymentPending") };
    }
    await refuse(ledger, tx, payment!, { ...decision, resultCode: decision.resultCode });
    return afterRefusal(tx, session);
  });
}

/** The hosted card form's own checks: Dutch sentences, nothing charged. */
function pageProblems(card: CardInput, expiryRead: boolean): string | null {
  const problem = cardProblem(card);
  const problems = [
    problem?.errorCode === "101" ? "Het kaartnummer is ongeldig." : "",
    !expiryRead || problem?.errorCode === "129" ? "De vervaldatum is ongeldig." : "",
    problem?.errorCode === "103" || (card.cvc === "" && !/^(6703|5[0678])/.test(card.number))
      ? "De beveiligingscode is ongeldig."
      : "",
    card.holderName ? "" : "Vul de naam op de kaart in.",
  ].filter(Boolean);
  return problems.length > 0 ? problems.join(" ") : null;
}

/** The 3-D Secure challenge of a session's card payment: authorised here, or refused. */
export async function challengeInSession(
  ledger: Ledger,
  payment: GatewayPayment,
  passed: boolean,
): Promise<PageStep> {
  return inTransaction(ledger, async (tx) => {
    const session = (await lockSession(tx, payment.sessionId!))!;
    const [locked] = await tx
      .select()
      .from(adyenTestPayments)
      .where(
        and(
          eq(adyenTestPayments.pspReference, payment.pspReference),
          eq(adyenTestPayments.stage, "challenge"),
        ),
      )
      .for("update");
    if (!locked) return { kind: "closed", status: session.status };
    if (passed) {
      await authorise(ledger, tx, locked);
      return { kind: "return", url: await endVisit(tx, session, "completed") };
    }
    await refuse(ledger, tx, locked, {
      resultCode: "Refused",
      refusalReason: "3D Not Authenticated",
      refusalReasonCode: "11",
    });
    return afterRefusal(tx, session);
  });
}

/** The iDEAL bank of a session: a new payment for each visit, decided by the shopper's button. */
export async function payAtBank(ledger: Ledger, sessionId: string, outcome: BankOutcome): Promise<PageStep> {
  return inTransaction(ledger, async (tx) => {
    const session = open(await lockSession(tx, sessionId), "ideal");
    if (session.status !== "active" || session.expiresAt.getTime() <= Date.now())
      return { kind: "closed", status: session.status === "active" ? "expired" : session.status };
    const [payment] = await tx
      .insert(adyenTestPayments)
      .values({ ...paymentRow(ledger, session, "ideal"), stage: "bank", resultCode: "RedirectShopper" })
      .returning();
    await settleAtBank(ledger, tx, payment!, outcome);
    if (outcome === "success") return { kind: "return", url: await endVisit(tx, session, "completed") };
    if (outcome === "pending") return { kind: "return", url: await endVisit(tx, session, "paymentPending") };
    if (outcome === "cancel") return { kind: "return", url: await endVisit(tx, session, "canceled") };
    return afterRefusal(tx, session);
  });
}

/** The shopper leaves the hosted page without paying. */
export async function cancelSession(ledger: Ledger, sessionId: string): Promise<PageStep> {
  return inTransaction(ledger, async (tx) => {
    const session = await lockSession(tx, sessionId);
    if (session?.mode !== "hosted") throw errors.notFound();
    if (session.status !== "active") return { kind: "closed", status: session.status };
    return { kind: "return", url: await endVisit(tx, session, "canceled") };
  });
}

/** `GET /sessions/{id}?sessionResult=`: the status the shopper returned with. */
export async function sessionResult(
  ledger: Ledger,
  id: string,
  result: string | undefined,
): Promise<Record<string, unknown>> {
  if (!result) throw errors.missingField("sessionResult");
  const session = await findSession(ledger.db, id);
  if (!session || session.merchantAccount !== ledger.keys.merchantAccount) throw errors.notFound();
  if (session.sessionResult !== result) throw errors.invalidField("sessionResult");
  const authorised = await ledger.db
    .select()
    .from(adyenTestPayments)
    .where(and(eq(adyenTestPayments.sessionId, id), eq(adyenTestPayments.resultCode, "Authorised")));
  return {
    id: session.id,
    reference: session.reference,
    status: session.status,
    ...(authorised.length > 0
      ? {
          payments: authorised.map((p) => ({
            pspReference: p.pspReference,
            resultCode: "Authorised",
            amount: { currency: p.currency, value: p.amountValue },
            paymentMethod: { type: p.method, ...(p.brand ? { brand: p.brand } : {}) },
          })),
        }
      : {}),
  };
}
