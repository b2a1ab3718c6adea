import {
  formatDate,
  RETURN_WINDOW_DAYS,
  type ReturnActionRefusal,
  type ReturnCondition,
  type ReturnReason,
  type ReturnRefusal,
  type ReturnStatus,
  t,
} from "@etalage/core";

/*
 * Returns in Dutch, as the server words them (refusals, the mail, the webhook's and the back
 * office's labels). Every text is a literal t() call, so the shop's browser dictionary leaves them
 * out (docs/decisions/0044); the shop's returns form has its own literal table for the reasons.
 */

type Params = Record<string, string | number>;

const REFUSALS: Record<ReturnRefusal, (p: Params) => string> = {
  notDelivered: () => t("This order has not been delivered yet: you can return it once it has arrived"),
  windowPassed: (p) => t("The {days} days to return this order ended on {date}", p),
  giftCard: () => t("A gift card cannot be returned"),
  digital: () => t("A download cannot be returned"),
  notShipped: () => t("This item has not been shipped yet"),
  alreadyReturned: () => t("This item is already in a return"),
  refunded: () => t("This item has been refunded"),
  noLines: () => t("Choose at least one item to return"),
  unknownLine: (p) => t("This order has no line {id}", p),
  duplicateLine: (p) => t("Line {id} is named twice", p),
  tooMany: (p) => t("You can return {left} of this item", p),
};

/** A shopper's refusal in Dutch: `days` and `date` of the window filled in where it passed. */
export function returnRefusalText(refusal: ReturnRefusal, params: Params = {}, until?: Date | null): string {
  return REFUSALS[refusal]({
    ...params,
    days: RETURN_WINDOW_DAYS,
    ...(until ? { date: formatDate(until.toISOString()) } : {}),
  });
}

const STATUS: Record<ReturnStatus, () => string> = {
  requested: () => t("Return status: requested"),
  received: () => t("Return status: received"),
  refunding: () => t("Return status: refunding"),
  refunded: () => t("Return status: refunded"),
  rejected: () => t("Return status: rejected"),
};

export const returnStatusText = (status: ReturnStatus) => STATUS[status]();

const REASONS: Record<ReturnReason, () => string> = {
  too_small: () => t("Too small"),
  too_big: () => t("Too big"),
  not_as_expected: () => t("Not as expected"),
  damaged: () => t("Damaged or faulty"),
  wrong_item: () => t("Wrong item received"),
  changed_mind: () => t("Changed my mind"),
  other: () => t("Another reason"),
};

export const reasonText = (reason: ReturnReason) => REASONS[reason]();

const CONDITIONS: Record<ReturnCondition, () => string> = {
  as_new: () => t("As new"),
  damaged: () => t("Damaged"),
  used: () => t("Worn or used"),
};

export const conditionText = (condition: ReturnCondition) => CONDITIONS[condition]();

const ACTION_REFUSALS: Record<ReturnActionRefusal, (p: Params) => string> = {
  state: (p) => t("A return that is {status} cannot be {action}", p),
  unknownLine: (p) => t("This return has no line {id}", p),
  duplicateLine: (p) => t("Line {id} is named twice", p),
  alreadyReceived: (p) => t("Line {id} of this return is received already", p),
  tooMany: (p) => t("Line {id} has {left} units in this return", p),
  noLines: () => t("Name at least one line"),
  nothingReceived: () => t("Nothing of this return has been received: reject it instead"),
};

const ACTION_WORDS: Record<string, () => string> = {
  receive: () => t("received"),
  refund: () => t("refunded"),
  reject: () => t("rejected"),
  settle: () => t("settled"),
};

/** Staff's refusal in Dutch: the action and the return's status worded. */
export function returnActionRefusalText(refusal: ReturnActionRefusal, params: Params = {}): string {
  const worded = { ...params };
  if (typeof params.action === "string") worded.action = ACTION_WORDS[params.action]?.() ?? params.action;
  if (typeof params.status === "string") worded.status = returnStatusText(params.status as ReturnStatus);
  return ACTION_REFUSALS[refusal](worded);
}
