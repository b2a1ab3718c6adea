import { type FulfilmentAction, type FulfilmentRefusal, t } from "@etalage/core";

/*
 * Core's refusals of an order action in Dutch. Every text is a literal t() call: the server answers
 * in Dutch, and the storefront's build, seeing them translated here, leaves them out of the
 * dictionary the shop's pages carry (storefront/vite/compile-translations.ts).
 */

const ACTION_WORDS: Record<FulfilmentAction["kind"], () => string> = {
  ship: () => t("shipped"),
  cancel: () => t("cancelled"),
  refund: () => t("refunded"),
  deliver: () => t("marked delivered"),
};

type Params = Record<string, string | number>;

const TEXTS: Record<FulfilmentRefusal, (params: Params) => string> = {
  state: (p) => t("This order cannot be {action} while it is {status}", p),
  unpaid: () => t("This order is not paid"),
  offline: () => t("This order was not paid online: refund it outside the shop"),
  cancelling: () => t("The cancellation of this order is on its way"),
  shipped: () => t("Part of this order has shipped: refund it instead of cancelling"),
  refunded: () => t("Part of this order is refunded: refund the rest instead of cancelling"),
  nothingToShip: () => t("Everything of this order has shipped"),
  nothingToRefund: () => t("Everything of this order is refunded"),
  delivered: () => t("This order is marked delivered already"),
  unknownLine: (p) => t("This order has no line {id}", p),
  tooMany: (p) => t("Line {id} has {left} left", p),
  shippingRefunded: () => t("The shipping is refunded already"),
  tooMuch: () => t("That is more than was paid"),
};

/** The refusal's Dutch text; `action` is the action's kind, `status` the order's status. */
export function refusalText(refusal: FulfilmentRefusal, params: Params = {}): string {
  const worded = { ...params };
  const action = ACTION_WORDS[params.action as FulfilmentAction["kind"]];
  if (action) worded.action = action();
  if (typeof params.status === "string")
    worded.status = t(
      params.status === "export_failed" || params.status === "export_success" ? "processing" : params.status,
    );
  return TEXTS[refusal](worded);
}
