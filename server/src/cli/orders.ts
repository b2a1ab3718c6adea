import { formatPrice, type OrderAddress, orderAddressLines } from "@etalage/core";
import { runAsScript } from "./import-cli.ts";

/**
 * `npm run orders -- list | show <number> | status <number> <processing|complete|canceled|closed>`:
 * the operator's view of orders, through the running shop's admin API (ADMIN_TOKEN), so the CLI
 * and the API apply one rule set and a PGlite folder is never opened by two processes.
 */
const USAGE = `Usage: npm run orders -- <command> [--url <origin>] [--token <token>]

  list                         the newest 50 orders
  show <number>                one order with its lines, addresses and payments
  status <number> <status>     move an order: processing, complete, canceled (gives stock back) or closed

The shop must be running (npm start); --url defaults to http://localhost:$PORT (3000), --token to $ADMIN_TOKEN.`;

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
  const origin = option("--url") ?? `http://localhost:${env.PORT || 3000}`;
  const token = option("--token") ?? env.ADMIN_TOKEN;
  const [command, number, status] = args;
  if (!command || command === "-h" || command === "--help") {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  if (!token) {
    io.err("Set ADMIN_TOKEN (or pass --token): the orders API is closed without it.");
    return 2;
  }
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(`${origin}/api/admin/orders${path}`, {
      method: body ? "POST" : "GET",
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as { code: number; result: unknown };
    if (res.status !== 200) throw new Error(String(json.result));
    return json.result;
  };
  try {
    if (command === "list") {
      for (const o of (await call("?limit=50")) as Order[]) io.out(summary(o));
      return 0;
    }
    if (command === "show" && number) {
      detail((await call(`/${number}`)) as Order, io);
      return 0;
    }
    if (command === "status" && number && status) {
      io.out(summary((await call(`/${number}/status`, { status })) as Order));
      return 0;
    }
    io.err(USAGE);
    return 2;
  } catch (error) {
    io.err(`Refused: ${(error as Error).message}`);
    return 1;
  }
}

function summary(o: Order): string {
  const test = o.test_payment ? " [TESTBETALING]" : "";
  return `${o.increment_id}  ${o.created_at.slice(0, 16).replace("T", " ")}  ${o.status.padEnd(10)}  ${formatPrice(o.grand_total).padStart(12)}  ${o.payment_method.padEnd(14)}  ${o.customer_email}${test}`;
}

function detail(o: Order, io: Io) {
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
}

runAsScript(import.meta.url, (argv) => runOrdersCli(argv));
