import type { ServerCartItem } from "@etalage/core";
import type { CatalogIndex } from "../../catalog-index/catalog-index.ts";
import type { Db } from "../../db/client.ts";
import type { CartCatalog } from "./catalog-lines.ts";
import {
  applyCoupon,
  applyDiscounts,
  type CollectTotalsRequest,
  collectTotals,
  deleteCoupon,
  type ShippingInformationRequest,
  shippingInformation,
} from "./checkout-info.ts";
import type { CartResult } from "./errors.ts";
import {
  createCart,
  type DeleteRequest,
  deleteItem,
  pullCart,
  type UpdateRequest,
  updateItem,
} from "./items.ts";
import type { CartCaller } from "./owner.ts";
import type { PaymentMethod } from "./payment.ts";
import {
  type CheckoutAnswer,
  cartCheckout,
  cartPaymentMethods,
  cartShippingMethods,
  cartTotals,
  type TotalsAnswer,
} from "./pricing.ts";
import type { ShippingMethod } from "./shipping.ts";
import type { WriteAnswer } from "./write.ts";

export type { CartCaller, CustomerTokenVerifier } from "./owner.ts";

/** The catalogue index as the cart sees it: priced lookups and the tax rules. */
export function cartCatalogOf(index: CatalogIndex): CartCatalog {
  return {
    productBySku: (sku) => index.productBySku(sku),
    childBySku: (sku) => index.childBySku(sku),
    taxRules: () => index.snapshot().taxRules,
  };
}

type Base = { cartId: string; caller: CartCaller; idempotencyKey?: string };

/**
 * The server cart (contract "Cart"): one entry point per endpoint. Reads answer a result; writes
 * answer the envelope to send (fresh or an idempotent replay). Orders use the same service.
 */
export class CartService {
  readonly catalog: CartCatalog;

  constructor(
    private readonly db: Db,
    catalog: CatalogIndex | CartCatalog,
  ) {
    this.catalog = "snapshot" in catalog ? cartCatalogOf(catalog) : catalog;
  }

  create(caller: CartCaller): Promise<string> {
    return createCart(this.db, caller);
  }

  pull(caller: CartCaller, cartId: string): Promise<CartResult<ServerCartItem[]>> {
    return pullCart(this.db, caller, cartId);
  }

  update(request: UpdateRequest): Promise<CartResult<WriteAnswer>> {
    return updateItem(this.db, this.catalog, request);
  }

  delete(request: DeleteRequest): Promise<CartResult<WriteAnswer>> {
    return deleteItem(this.db, request);
  }

  totals(caller: CartCaller, cartId: string): Promise<CartResult<TotalsAnswer>> {
    return cartTotals(this.db, this.catalog, caller, cartId);
  }

  paymentMethods(caller: CartCaller, cartId: string): Promise<CartResult<PaymentMethod[]>> {
    return cartPaymentMethods(this.db, this.catalog, caller, cartId);
  }

  shippingMethods(
    caller: CartCaller,
    cartId: string,
    countryId: string,
  ): Promise<CartResult<ShippingMethod[]>> {
    return cartShippingMethods(this.db, this.catalog, caller, cartId, countryId);
  }

  /** Totals, shipping and payment methods of one read of the cart: the checkout page's summary. */
  checkout(caller: CartCaller, cartId: string, countryId: string): Promise<CartResult<CheckoutAnswer>> {
    return cartCheckout(this.db, this.catalog, caller, cartId, countryId);
  }

  shippingInformation(request: ShippingInformationRequest): Promise<CartResult<WriteAnswer>> {
    return shippingInformation(this.db, this.catalog, request);
  }

  collectTotals(request: CollectTotalsRequest): Promise<CartResult<WriteAnswer>> {
    return collectTotals(this.db, this.catalog, request);
  }

  applyCoupon(request: Base & { coupon: string }): Promise<CartResult<WriteAnswer>> {
    return applyCoupon(this.db, this.catalog, request);
  }

  deleteCoupon(request: Base): Promise<CartResult<WriteAnswer>> {
    return deleteCoupon(this.db, request);
  }

  applyDiscounts(request: Base & { codes: readonly string[] }): Promise<CartResult<WriteAnswer>> {
    return applyDiscounts(this.db, this.catalog, request);
  }
}
