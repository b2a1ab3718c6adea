import { randomUUID } from "node:crypto";
import { formatPrice, type OrderAddress, orderAddressLines } from "@etalage/core";
import { adminApi } from "./admin-api.ts";
import { runAsScript } from "./import-cli.ts";

/**
 * `npm run orders -- list | show | status | ship | cancel | refund | deliver`:
 * the operator's view of orders, through the running shop's admin API (ADMIN_TOKEN), so the CLI
 * and the API apply one rule set and a PGlite folder is never opened by two processes.
 */
const USAGE = `Usage: npm run orders -- <command> [--url <origin>] [--token <token>]

  list [--status s,s] [--payment p] [--q text] [--page n]
                               the newest 50 orders, filtered (payment: offline, unpaid, paid,
                               partially_refunded, refunded) or searched (number, e-mail, name, postcode)
  show <number>                one order: lines, addresses, payments, parcels, refunds, timeline
  status <number> <status>     move an order: processing, complete, canceled (gives stock back) or closed
  ship <number> <postnl|dhl|dpd> <tracking> [--line <line id>:<qty> ...]
                               ship all that is left (or the lines named); the shopper is mailed
  cancel <number>              cancel before shipping: the payment is reversed, the stock goes back
  refund <number> [--line <line id>:<qty> ...] [--shipping] [--reason RETURN]
                               refund all that is left, or lines and/or the shipping
  retry-refund <number> <refund id>
                               ask a failed refund again
  deliver <number>             mark a shipped order delivered

Each action takes --key <Idempotency-Key> to be retried safely (a new one is made otherwise).

The shop must be running (npm start); --url defaults to the server holding DATA_DIR, else http://127.0.0.1:$PORT (3000); --token to $ADMIN_TOKEN.`;

interface Io {
  out(line: string): void;
  err(line: string): void;
}

type Order = {
  increment_id: string;
  status: string;
  created_at: string;
  customer_email: string;
  grand_total: number;
  payment_method: string;
  test_payment: boolean;
  shipping_description: string | null;
  pickup: { name: string; street: string; postcode: string; city: string } | null;
  shipping_address: OrderAddress | null;
  billing_address: OrderAddress;
  items: {
    sku: string;
    name: string;
    qty: number;
    row_total_incl_tax: number;
    options?: { label: string; value: string }[];
  }[];
  payments: { reference: string; method: string; status: string }[];
};

type Detail = Order & {
  lines?: { id: number; sku: string; qty: number; shipped: number; refunded: number }[];
  shipments?: { carrier_name: string; tracking_number: string; tracking_url: string }[];
  refunds?: { id: number; status: string; amount_cents: number }[];
  timeline?: { type: string; at: string }[];
};

type Shipped = {
  orderNumber: string;
  status: string;
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string };
};

type Refunded = { orderNumber: string; refund: { id: number; amountCents: number; modification: string } };

export async function runOrdersCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = { out: console.log, err: console.error },
): Promise<number> {
  const args = [...argv];
  const option = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const [, value] = args.splice(i, 2);
    return value;
  };
  const connection = { url: option("--url"), token: option("--token") };
  const key = option("--key") ?? randomUUID();
  const lines: { id: number; qty: number }[] = [];
  for (let line = option("--line"); line !== undefined; line = option("--line")) {
    const [id, qty] = line.split(":").map(Number);
    lines.push({ id: id ?? Number.NaN, qty: qty ?? 1 });
  }
  const reason = option("--reason");
  const flag = (name: string) => {
    const i = args.indexOf(name);
    if (i >= 0) args.splice(i, 1);
    return i >= 0;
  };
  const shipping = flag("--shipping");
  const filters = new URLSearchParams({ pageSize: "50" });
  for (const name of ["status", "payment", "q", "page"]) {
    const value = option(`--${name}`);
    if (value !== undefined) filters.set(name, value);
  }
  const [command, number, status, tracking] = args;
  if (!command || command === "-h" || command === "--help") {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  const api = await adminApi("/api/admin/orders", connection, env, io, "the orders' work");
  if (!api) return 2;
  /** The answer's result; a refusal ends the command (printed by the shared client). */
  const call = async (path: string, body?: unknown) => {
    const result = await api.call(body ? "POST" : "GET", path, body, body ? { "idempotency-key": key } : {});
    if (result === undefined) throw new Refused();
    return result;
  };
  try {
    if (command === "list") {
      const page = (await call(`?${filters}`)) as { items: Order[]; total_count: number; page: number };
      for (const o of page.items) io.out(summary(o));
      io.out(`${page.items.length} van ${page.total_count} (pagina ${page.page})`);
      return 0;
    }
    if (command === "show" && number) {
      detail((await call(`/${number}`)) as Detail, io);
      return 0;
    }
    if (command === "status" && number && status) {
      io.out(summary((await call(`/${number}/status`, { status })) as Order));
      return 0;
    }
    if (command === "ship" && number && status && tracking) {
      const body = { carrier: status, trackingNumber: tracking, ...(lines.length ? { lines } : {}) };
      const done = (await call(`/${number}/ship`, body)) as Shipped;
      io.out(`${done.orderNumber}: ${done.status}; ${done.shipment.carrier} ${done.shipment.trackingNumber}`);
      io.out(`Track & trace: ${done.shipment.trackingUrl}`);
      return 0;
    }
    if (command === "cancel" && number) {
      const done = (await call(`/${number}/cancel`, {})) as { orderNumber: string; cancellation: string };
      io.out(
        done.cancellation === "done"
          ? `${done.orderNumber}: geannuleerd`
          : `${done.orderNumber}: annulering gevraagd bij de betaalprovider; de bestelling volgt haar bericht`,
      );
      return 0;
    }
    if (command === "refund" && number) {
      const body = {
        ...(lines.length ? { lines } : {}),
        ...(shipping ? { shipping } : {}),
        ...(reason ? { reason } : {}),
      };
      const done = (await call(`/${number}/refund`, body)) as Refunded;
      io.out(
        `${done.orderNumber}: terugbetaling ${done.refund.id} van ${formatPrice(done.refund.amountCents / 100)} gevraagd (${done.refund.modification})`,
      );
      return 0;
    }
    if (command === "retry-refund" && number && status) {
      const done = (await call(`/${number}/refunds/${status}/retry`, {})) as Refunded;
      io.out(
        `${done.orderNumber}: terugbetaling ${done.refund.id} van ${formatPrice(done.refund.amountCents / 100)} opnieuw gevraagd`,
      );
      return 0;
    }
    if (command === "deliver" && number) {
      const done = (await call(`/${number}/deliver`, {})) as { orderNumber: string };
      io.out(`${done.orderNumber}: bezorgd`);
      return 0;
    }
    io.err(USAGE);
    return 2;
  } catch (error) {
    if (error instanceof Refused) return 1;
    throw error;
  }
}

/** The shop refused or could not be reached; the shared client has said why. */
class Refused extends Error {}

function summary(o: Order): string {
  const test = o.test_payment ? " [TESTBETALING]" : "";
  return `${o.increment_id}  ${o.created_at.slice(0, 16).replace("T", " ")}  ${o.status.padEnd(10)}  ${formatPrice(o.grand_total).padStart(12)}  ${o.payment_method.padEnd(14)}  ${o.customer_email}${test}`;
}

function detail(o: Detail, io: Io) {
  io.out(summary(o));
  io.out(`Verzending: ${o.shipping_description ?? "geen (digitaal)"}`);
  if (o.pickup)
    io.out(`Ophalen: ${o.pickup.name}, ${o.pickup.street}, ${o.pickup.postcode} ${o.pickup.city}`);
  if (o.shipping_address) io.out(`Verzendadres: ${orderAddressLines(o.shipping_address).join(", ")}`);
  io.out(`Factuuradres: ${orderAddressLines(o.billing_address).join(", ")}`);
  for (const i of o.items) {
    io.out(`  ${i.qty} × ${i.name} (${i.sku})  ${formatPrice(i.row_total_incl_tax)}`);
    // A gift card's recipient (issue 14): who the operator sends it to.
    for (const option of i.options ?? []) io.out(`      ${option.label}: ${option.value}`);
  }
  for (const p of o.payments) io.out(`  betaling ${p.reference}: ${p.method} ${p.status}`);
  for (const l of o.lines ?? [])
    io.out(
      `  regel ${l.id} (${l.sku}): ${l.qty} besteld, ${l.shipped} verzonden, ${l.refunded} terugbetaald`,
    );
  for (const s of o.shipments ?? [])
    io.out(`  zending ${s.carrier_name} ${s.tracking_number}: ${s.tracking_url}`);
  for (const r of o.refunds ?? [])
    io.out(`  terugbetaling ${r.id}: ${formatPrice(r.amount_cents / 100)} ${r.status}`);
  for (const e of o.timeline ?? []) io.out(`  ${e.at.slice(0, 19).replace("T", " ")}  ${e.type}`);
}

runAsScript(import.meta.url, (argv) => runOrdersCli(argv));
