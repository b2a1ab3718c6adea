import type { FastifyInstance, FastifyReply } from "fastify";
import { type BankOutcome, bankDecides, findPayment, recordAuthentication } from "./api-payments.ts";
import { GatewayError } from "./errors.ts";
import { settlePending } from "./expiry.ts";
import type { Ledger } from "./ledger.ts";
import {
  alert,
  amountLine,
  BANK_BUTTONS,
  cancelForm,
  cardForm,
  challengeForm,
  esc,
  sendPage,
} from "./pages.ts";
import {
  cancelSession,
  challengeInSession,
  findSession,
  type GatewaySession,
  methodsOf,
  type PageStep,
  payAtBank,
  payByCard,
} from "./sessions.ts";

/**
 * The pages a shopper sees at the gateway (under /gateway/adyen): a session's Hosted Checkout
 * page (`/pay/{sessionId}`), its iDEAL bank, the 3-D Secure challenge (`/3ds/{psp}`) and the bank
 * of a `/payments` iDEAL payment (`/ideal/{psp}`), where a pending one is settled later too.
 */

type Form = Record<string, string>;
const OUTCOMES: readonly BankOutcome[] = ["success", "pending", "cancel", "failure"];

const CLOSED: Record<string, string> = {
  completed: "Deze betaling is al voltooid.",
  paymentPending: "Deze betaling is in behandeling.",
  refused: "Deze betaling is te vaak geweigerd.",
  canceled: "Deze betaling is geannuleerd.",
  expired: "Deze betaallink is verlopen.",
  active: "Deze betaling is niet meer open.",
};

function origin(url: string): string {
  return new URL(url).origin;
}

function notFound(reply: FastifyReply) {
  return sendPage(reply, {
    status: 404,
    title: "Onbekende betaling",
    body: "<h1>Onbekende betaling</h1><p>Deze betaling bestaat niet (meer) bij de testomgeving.</p>",
  });
}

function hostedPage(
  reply: FastifyReply,
  session: GatewaySession,
  options: { problem?: string | null; refused?: boolean; status?: number } = {},
) {
  const methods = methodsOf(session);
  const base = `/gateway/adyen/pay/${session.id}`;
  const title = methods.length === 1 && methods[0] === "scheme" ? "Betalen met creditcard" : "Afrekenen";
  const parts = [
    `<h1>${title}</h1>`,
    amountLine(session.amountValue, session.reference),
    alert(
      options.refused
        ? "De betaling is geweigerd. Probeer het opnieuw of kies een andere betaalmethode."
        : (options.problem ?? null),
    ),
  ];
  if (methods.includes("scheme"))
    parts.push(
      `${methods.length > 1 ? '<h2 class="method">Creditcard</h2>' : ""}${cardForm(`${base}/card`, Boolean(options.problem))}`,
    );
  if (methods.includes("ideal"))
    parts.push(
      `${methods.length > 1 ? '<h2 class="method">iDEAL | Wero</h2>' : ""}<form method="get" action="${base}/ideal"><button${methods.length > 1 ? ' class="secondary"' : ""}>Verder naar iDEAL | Wero</button></form>`,
    );
  parts.push(cancelForm(`${base}/cancel`));
  return sendPage(reply, {
    title,
    body: parts.join("\n"),
    formTargets: [origin(session.returnUrl)],
    status: options.status ?? 200,
  });
}

function closedPage(reply: FastifyReply, status: string) {
  return sendPage(reply, {
    status: 410,
    title: "Betaling gesloten",
    body: `<h1>Betaling gesloten</h1><p>${esc(CLOSED[status] ?? CLOSED.active!)}</p>`,
  });
}

export function registerHostedPages(app: FastifyInstance, ledger: Ledger): void {
  const hidden = { schema: { hide: true } };

  const step = async (reply: FastifyReply, sessionId: string, next: PageStep) => {
    if (next.kind === "return") return reply.code(303).header("location", next.url).send();
    if (next.kind === "challenge")
      return reply.code(303).header("location", `/gateway/adyen/3ds/${next.psp}`).send();
    const session = await findSession(ledger.db, sessionId);
    if (!session) return notFound(reply);
    if (next.kind === "closed") return closedPage(reply, next.status);
    if (next.kind === "bank")
      return reply.code(303).header("location", `/gateway/adyen/pay/${sessionId}/ideal`).send();
    return hostedPage(reply, session, {
      problem: next.problem,
      refused: next.refused,
      status: next.problem ? 422 : 200,
    });
  };
  const guarded = async (reply: FastifyReply, work: () => Promise<unknown>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof GatewayError && error.body.status === 404) return notFound(reply);
      throw error;
    }
  };

  app.get<{ Params: { id: string } }>("/pay/:id", hidden, async (request, reply) => {
    const session = await findSession(ledger.db, request.params.id);
    if (session?.mode !== "hosted") return notFound(reply);
    if (session.status !== "active") return closedPage(reply, session.status);
    const methods = methodsOf(session);
    // A session for iDEAL alone goes straight to the bank, as Hosted Checkout does for one redirect method.
    if (methods.length === 1 && methods[0] === "ideal" && session.refusedPayments === 0)
      return reply.code(303).header("location", `/gateway/adyen/pay/${session.id}/ideal`).send();
    return hostedPage(reply, session);
  });

  app.post<{ Params: { id: string }; Body: Form }>("/pay/:id/card", hidden, (request, reply) =>
    guarded(reply, async () =>
      step(reply, request.params.id, await payByCard(ledger, request.params.id, request.body ?? {})),
    ),
  );

  app.post<{ Params: { id: string } }>("/pay/:id/cancel", hidden, (request, reply) =>
    guarded(reply, async () =>
      step(reply, request.params.id, await cancelSession(ledger, request.params.id)),
    ),
  );

  app.get<{ Params: { id: string } }>("/pay/:id/ideal", hidden, async (request, reply) => {
    const session = await findSession(ledger.db, request.params.id);
    if (session?.mode !== "hosted" || !methodsOf(session).includes("ideal")) return notFound(reply);
    if (session.status !== "active") return closedPage(reply, session.status);
    return sendPage(reply, {
      title: "iDEAL-testbank",
      body: `<h1>iDEAL-testbank</h1>${amountLine(session.amountValue, session.reference)}
<form method="post">${BANK_BUTTONS}</form>`,
      formTargets: [origin(session.returnUrl)],
    });
  });

  app.post<{ Params: { id: string }; Body: Form }>("/pay/:id/ideal", hidden, (request, reply) => {
    const outcome = request.body?.outcome as BankOutcome;
    if (!OUTCOMES.includes(outcome)) return notFound(reply);
    return guarded(reply, async () =>
      step(reply, request.params.id, await payAtBank(ledger, request.params.id, outcome)),
    );
  });

  app.get<{ Params: { psp: string } }>("/3ds/:psp", hidden, async (request, reply) => {
    const payment = await findPayment(ledger.db, request.params.psp);
    if (payment?.stage !== "challenge" || payment.authentication !== null) return notFound(reply);
    return sendPage(reply, {
      title: "3-D Secure",
      body: `<h1>3-D Secure</h1>${amountLine(payment.amountValue, payment.merchantReference)}${challengeForm(`/gateway/adyen/3ds/${payment.pspReference}`, null)}`,
      formTargets: payment.returnUrl ? [origin(payment.returnUrl)] : [],
    });
  });

  app.post<{ Params: { psp: string }; Body: Form }>("/3ds/:psp", hidden, async (request, reply) => {
    const payment = await findPayment(ledger.db, request.params.psp);
    if (payment?.stage !== "challenge" || payment.authentication !== null) return notFound(reply);
    const passed = request.body?.password === "password";
    if (payment.sessionId)
      return step(reply, payment.sessionId, await challengeInSession(ledger, payment, passed));
    const done = await recordAuthentication(ledger, payment, passed);
    if (done.returnTo) return reply.code(303).header("location", done.returnTo).send();
    // Natively the 3DS2 SDK carries this back to the shop's page, which sends it to /payments/details.
    return sendPage(reply, {
      title: "3-D Secure",
      body: `<h1>Verificatie ${passed ? "voltooid" : "mislukt"}</h1><p>threeDSResult:</p><output id="threeDSResult">${esc(done.threeDSResult ?? "")}</output>`,
    });
  });

  app.get<{ Params: { psp: string } }>("/ideal/:psp", hidden, async (request, reply) => {
    const payment = await findPayment(ledger.db, request.params.psp);
    if (payment?.method !== "ideal" || payment.sessionId) return notFound(reply);
    if (payment.stage === "pending")
      return sendPage(reply, {
        title: "iDEAL-testbank",
        body: `<h1>Betaling in behandeling</h1>${amountLine(payment.amountValue, payment.merchantReference)}
<p>De bank rondt deze betaling later af.</p><form method="post" action="/gateway/adyen/ideal/${payment.pspReference}/settle">
<fieldset class="choices"><legend>Uitkomst bij de bank</legend><button name="outcome" value="success">Alsnog betaald</button>
<button name="outcome" value="failure" class="secondary">Mislukt</button><button name="outcome" value="expire" class="secondary">Laten verlopen</button></fieldset></form>`,
      });
    if (payment.stage !== "bank") return closedPage(reply, "completed");
    return sendPage(reply, {
      title: "iDEAL-testbank",
      body: `<h1>iDEAL-testbank</h1>${amountLine(payment.amountValue, payment.merchantReference)}<form method="post">${BANK_BUTTONS}</form>`,
      formTargets: payment.returnUrl ? [origin(payment.returnUrl)] : [],
    });
  });

  app.post<{ Params: { psp: string }; Body: Form }>("/ideal/:psp", hidden, async (request, reply) => {
    const payment = await findPayment(ledger.db, request.params.psp);
    const outcome = request.body?.outcome as BankOutcome;
    if (
      payment?.method !== "ideal" ||
      payment.sessionId ||
      payment.stage !== "bank" ||
      !OUTCOMES.includes(outcome)
    )
      return notFound(reply);
    return reply
      .code(303)
      .header("location", await bankDecides(ledger, payment, outcome))
      .send();
  });

  /** The bank settles a pending payment (any method waiting for it, a session's too). */
  app.post<{ Params: { psp: string }; Body: Form }>("/ideal/:psp/settle", hidden, async (request, reply) => {
    const outcome = request.body?.outcome;
    if (outcome !== "success" && outcome !== "failure" && outcome !== "expire") return notFound(reply);
    if (!(await settlePending(ledger, request.params.psp, outcome))) return notFound(reply);
    return sendPage(reply, {
      title: "iDEAL-testbank",
      body: "<h1>Verwerkt</h1><p>De bank heeft de betaling afgerond.</p>",
    });
  });

  app.all("/*", hidden, async (_request, reply) => notFound(reply));
}
