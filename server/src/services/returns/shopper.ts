import {
  decideReturnRequest,
  orderAddressLines,
  RETURN_REASONS,
  type ReturnAsk,
  returnAddressLines,
  returnableLines,
  returnNumber,
  returnWindow,
  t,
} from "@etalage/core";
import { asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, returnLines, returns } from "../../db/schema.ts";
import type { MailRequest } from "../../providers/mail/outbox.ts";
import { runIdempotent, type StoredAnswer } from "../idempotency.ts";
import { statusTokenMatches } from "../orders/read.ts";
import { itemsById, type KindOfSku, readReturn, returnOrderFacts } from "./facts.ts";
import { returnView, sendReturnWebhook } from "./views.ts";
import { reasonText, returnRefusalText, returnStatusText } from "./words.ts";

export interface ReturnPorts {
  db: Db;
  mail: { enqueue(tx: Db, request: MailRequest): Promise<number>; kick(): void };
  publicUrl: string;
  kindOf: KindOfSku;
  now?: () => Date;
}

/** How a shopper shows the order is theirs: signed in as its customer, or the order page's token. */
export type ReturnProof = { customerId: number } | { token: string };

type OrderRow = typeof orders.$inferSelect;

const NOT_FOUND: StoredAnswer = { code: 404, body: { code: 404, result: "Order not found" } };

function owns(order: OrderRow | undefined, proof: ReturnProof): order is OrderRow {
  if ("customerId" in proof) return order !== undefined && order.customerId === proof.customerId;
  // Compared even without an order, so an unknown number takes as long as a wrong token.
  return statusTokenMatches(order, proof.token);
}

/** The label page's path: a guest's carries the token that opened the order. */
function labelPath(number: string, proof: ReturnProof): string {
  const path = `/retour/${encodeURIComponent(number)}`;
  return "token" in proof ? `${path}?token=${encodeURIComponent(proof.token)}` : path;
}

/**
 * What the shopper may return of an order: per line how many units, or why none (in Dutch), the
 * window's end, and the order's returns so far. Undefined when the proof does not open the order.
 */
export async function returnableOrder(ports: ReturnPorts, orderNumber: string, proof: ReturnProof) {
  const { db } = ports;
  const [order] = await db.select().from(orders).where(eq(orders.incrementId, orderNumber));
  if (!owns(order, proof)) return undefined;
  const now = ports.now?.() ?? new Date();
  const { facts, items } = await returnOrderFacts(db, order, ports.kindOf);
  const window = returnWindow(order.deliveredAt, now);
  const lines = returnableLines(facts, now);
  const earlier = await db
    .select()
    .from(returns)
    .where(eq(returns.orderId, order.id))
    .orderBy(asc(returns.sequence));
  return {
    order_number: order.incrementId,
    window: {
      open: window.open,
      until: window.until?.toISOString() ?? null,
      message: window.open ? null : returnRefusalText(window.refusal, {}, window.until),
    },
    reasons: [...RETURN_REASONS],
    lines: items.map((item, i) => {
      const line = lines[i]!;
      return {
        id: item.id,
        sku: item.sku,
        name: item.name,
        options: item.options,
        qty: item.qty,
        returnable: line.returnable,
        refusal: line.refusal ?? null,
        message: line.refusal ? returnRefusalText(line.refusal, {}, window.until) : null,
      };
    }),
    returns: earlier.map((r) => ({
      number: r.number,
      status: r.status,
      status_label: returnStatusText(r.status),
      created_at: r.createdAt.toISOString(),
      label_url: labelPath(r.number, proof),
    })),
  };
}

const fail = (code: number, message: string, path?: string): StoredAnswer => ({
  code,
  body: { code, result: message, ...(path ? { meta: { errors: [{ path, message }] } } : {}) },
});

/**
 * The shopper asks a return: the order locked, its proof checked, core deciding, the return and its
 * lines written with the `return.requested` webhook and the mail, all in one transaction and once
 * per `Idempotency-Key`.
 */
export async function requestReturn(
  ports: ReturnPorts,
  orderNumber: string,
  proof: ReturnProof,
  key: string,
  asked: ReturnAsk[],
): Promise<StoredAnswer> {
  let mailed = false;
  const answer = await ports.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [order] = await tx.select().from(orders).where(eq(orders.incrementId, orderNumber)).for("update");
    if (!owns(order, proof)) return NOT_FOUND;
    const outcome = await runIdempotent(
      tx,
      { scope: `return:${orderNumber}:request`, key, request: asked },
      async () => {
        const now = ports.now?.() ?? new Date();
        const { facts, items } = await returnOrderFacts(tx, order, ports.kindOf);
        const decision = decideReturnRequest(facts, asked, now);
        if (!decision.ok) {
          const until = returnWindow(order.deliveredAt, now).until;
          return fail(
            decision.code,
            returnRefusalText(decision.refusal, decision.params, until),
            decision.field,
          );
        }
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(returns)
          .where(eq(returns.orderId, order.id));
        const sequence = Number(n) + 1;
        const number = returnNumber(order.incrementId, sequence);
        const [row] = await tx
          .insert(returns)
          .values({
            number,
            orderId: order.id,
            sequence,
            customerId: "customerId" in proof ? proof.customerId : null,
            email: order.email,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const lines = await tx
          .insert(returnLines)
          .values(
            decision.lines.map((l) => ({
              returnId: row!.id,
              orderItemId: l.id,
              units: l.qty,
              reason: l.reason,
            })),
          )
          .returning();
        const byId = new Map(items.map((i) => [i.id, i]));
        const view = returnView(row!, lines, order.incrementId, byId);
        await sendReturnWebhook(tx, "return.requested", view);
        const address = order.shippingAddress ?? order.billingAddress;
        await ports.mail.enqueue(tx, {
          to: order.email,
          orderId: order.id,
          mail: {
            template: "return-requested",
            firstname: address.firstname,
            orderNumber: order.incrementId,
            returnNumber: number,
            lines: view.lines.map((l) => ({ name: l.name, qty: l.units, reason: reasonText(l.reason) })),
            labelUrl: `${ports.publicUrl}${labelPath(number, proof)}`,
            returnAddress: returnAddressLines(),
          },
        });
        mailed = true;
        return {
          code: 200,
          body: {
            code: 200,
            result: {
              ...view,
              status_label: returnStatusText(view.status),
              label_url: labelPath(number, proof),
            },
          },
        };
      },
    );
    if (outcome.kind === "conflict")
      return fail(
        409,
        t("This request was already made with another body: use a new Idempotency-Key"),
        "headers.idempotency-key",
      );
    return outcome.answer;
  });
  if (mailed) ports.mail.kick();
  return answer;
}

/** The return for its label page: with the same proof as its order's page, else undefined. */
export async function returnForLabel(ports: ReturnPorts, number: string, proof: ReturnProof) {
  const { db } = ports;
  const found = await readReturn(db, number);
  const [order] = found ? await db.select().from(orders).where(eq(orders.id, found.row.orderId)) : [];
  if (!owns(order, proof) || !found) return undefined;
  const items = await itemsById(
    db,
    found.lines.map((l) => l.orderItemId),
  );
  const view = returnView(found.row, found.lines, order.incrementId, items);
  const address = order.shippingAddress ?? order.billingAddress;
  return {
    number: view.number,
    order_number: view.order_number,
    status: view.status,
    status_label: returnStatusText(view.status),
    created_at: view.created_at,
    sender: orderAddressLines(address),
    return_address: returnAddressLines(),
    lines: view.lines.map((l) => ({
      name: l.name,
      sku: l.sku,
      options: l.options,
      units: l.units,
      reason: l.reason,
      reason_label: reasonText(l.reason),
    })),
  };
}
