import { type ConfigurableChild, emailKey, type Product, productLink, stockStatus } from "@etalage/core";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { CatalogIndex } from "../catalog-index/catalog-index.ts";
import type { Db } from "../db/client.ts";
import { stock, stockAlerts } from "../db/schema.ts";
import { ApiError } from "../http/envelope.ts";
import type { MailService } from "../providers/mail/index.ts";

/** Mails queued per sweep; a bigger backlog goes out in the next sweeps. */
const SWEEP_BATCH = 200;
/**
 * Stock also comes back without a catalogue change (a cancelled or expired order gives its
 * reservation back): a sweep this often catches that. It reads only waiting alerts (a partial index).
 */
const SWEEP_EVERY_MS = 60_000;

/** What a sku is on the product page: its product, and for a configurable's child its options. */
interface SkuOnSale {
  product: Product;
  child: ConfigurableChild | null;
}

interface StockAlertLog {
  error(details: object, message: string): void;
}

/**
 * "Mail me als mijn maat er weer is" (issue 14). A shopper leaves an address for a sold-out sku;
 * once the sku can be bought again (a catalogue import, a cancelled order's stock coming back), the
 * sweep mails each waiting address once, through the mail port's outbox, and marks it mailed in
 * the same transaction: a second sweep, here or in another instance, finds nothing left to send.
 */
export class StockAlertService {
  #sweeping: Promise<number> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogIndex,
    private readonly mail: MailService,
    private readonly publicUrl: string,
    private readonly log: StockAlertLog,
  ) {}

  start(): void {
    this.#timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#sweeping;
  }

  /**
   * Keeps `email` for `sku`, which must be on sale and sold out now (one in stock can simply be
   * bought). Asking twice while the first waits is one request.
   */
  async request(sku: string, email: string): Promise<void> {
    const found = this.#onSale(sku);
    // A configurable's own sku is no size: the shopper asks for one of its children.
    if (!found || (!found.child && found.product.type_id === "configurable"))
      throw new ApiError(404, `sku: Product not found: ${sku}`);
    const [row] = await this.db.select().from(stock).where(eq(stock.sku, sku));
    const level = row && {
      qty: Math.max(0, row.qty - row.reserved),
      is_in_stock: row.isInStock,
      manage_stock: row.manageStock,
    };
    if (!level || stockStatus(level) !== "out_of_stock")
      throw new ApiError(409, "sku: This size is in stock");
    await this.db
      .insert(stockAlerts)
      .values({ sku, email: emailKey(email), productSku: found.product.sku })
      .onConflictDoNothing();
  }

  /**
   * Mails every waiting address whose sku is sellable again. Sweeps run one at a time; a call during
   * one runs another after it, so a change that came in meanwhile is seen. Never throws.
   */
  sweep(): Promise<number> {
    if (this.#sweeping) {
      this.#again = true;
      return this.#sweeping;
    }
    const run = async (): Promise<number> => {
      let sent = 0;
      do {
        this.#again = false;
        for (let batch = await this.#sweepOnce(); batch > 0; batch = await this.#sweepOnce()) sent += batch;
      } while (this.#again);
      return sent;
    };
    this.#sweeping = run()
      .catch((error) => {
        this.log.error({ err: error }, "back-in-stock sweep failed");
        return 0;
      })
      .finally(() => {
        this.#sweeping = undefined;
      });
    return this.#sweeping;
  }

  async #sweepOnce(): Promise<number> {
    const queued = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      // SKIP LOCKED: another instance sweeping at the same moment takes other rows, never these.
      const due = await tx
        .select({ id: stockAlerts.id, sku: stockAlerts.sku, email: stockAlerts.email })
        .from(stockAlerts)
        .innerJoin(stock, eq(stock.sku, stockAlerts.sku))
        .where(
          and(
            isNull(stockAlerts.notifiedAt),
            eq(stock.isInStock, true),
            sql`(not ${stock.manageStock} or ${stock.qty} - ${stock.reserved} > 0)`,
          ),
        )
        .orderBy(stockAlerts.id)
        .limit(SWEEP_BATCH)
        .for("update", { of: stockAlerts, skipLocked: true });
      for (const alert of due) {
        const found = this.#onSale(alert.sku);
        // Off sale meanwhile: nothing to buy, so nothing to say; the alert is done all the same.
        if (found) await this.mail.enqueue(tx, { to: alert.email, mail: this.#mailFor(found) });
        await tx.update(stockAlerts).set({ notifiedAt: new Date() }).where(eq(stockAlerts.id, alert.id));
      }
      return due.length;
    });
    if (queued > 0) this.mail.kick();
    return queued;
  }

  #onSale(sku: string): SkuOnSale | undefined {
    const hit = this.catalog.childBySku(sku);
    if (hit) return Number(hit.child.status ?? 1) < 2 ? { product: hit.parent, child: hit.child } : undefined;
    const product = this.catalog.productBySku(sku);
    return product && Number(product.status ?? 1) < 2 ? { product, child: null } : undefined;
  }

  #mailFor({ product, child }: SkuOnSale) {
    const variant = child
      ? (product.configurable_options ?? [])
          .map((option) => {
            const value = String(child[option.attribute_code] ?? "");
            return option.values?.find((v) => String(v.value_index) === value)?.label;
          })
          .filter(Boolean)
          .join(", ")
      : "";
    const path = productLink(product, child?.sku);
    return {
      template: "back-in-stock" as const,
      productName: product.name,
      variant: variant || null,
      productUrl: `${this.publicUrl}${path}`,
    };
  }
}
