import adyen from "@adyen/api-library";
import { type CardInput, cardProblem } from "../card-rules.ts";
import { errors, validation } from "./errors.ts";

/**
 * The gateway reads requests as Adyen does: unknown fields refused (the library's own attribute
 * maps name the known ones), required fields and their codes in Adyen's order, card data only as
 * Adyen's test values (`test_4111…`; raw card numbers need PCI permission this account lacks).
 */

type Body = Record<string, unknown>;
const checkout = adyen.Types.checkout;

interface Modelled {
  getAttributeTypeMap(): { baseName: string }[];
}

function knownFields(model: Modelled): Set<string> {
  return new Set(model.getAttributeTypeMap().map((a) => a.baseName));
}

const FIELDS = {
  PaymentRequest: knownFields(checkout.PaymentRequest),
  PaymentDetailsRequest: knownFields(checkout.PaymentDetailsRequest),
  PaymentMethodsRequest: knownFields(checkout.PaymentMethodsRequest),
  CreateCheckoutSessionRequest: knownFields(checkout.CreateCheckoutSessionRequest),
  PaymentCaptureRequest: knownFields(checkout.PaymentCaptureRequest),
  PaymentRefundRequest: knownFields(checkout.PaymentRefundRequest),
  PaymentCancelRequest: knownFields(checkout.PaymentCancelRequest),
  PaymentReversalRequest: knownFields(checkout.PaymentReversalRequest),
  StandalonePaymentCancelRequest: knownFields(checkout.StandalonePaymentCancelRequest),
  CardDetails: knownFields(checkout.CardDetails),
  IdealDetails: knownFields(checkout.IdealDetails),
  Amount: knownFields(checkout.Amount),
} as const;

type Structure = keyof typeof FIELDS;

function asBody(value: unknown): Body {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw errors.unparsable("expected a JSON object");
  return value as Body;
}

function refuseUnknownFields(body: Body, structure: Structure): void {
  const known = FIELDS[structure];
  const unknown = Object.keys(body).filter((key) => !known.has(key));
  if (unknown.length > 0) throw errors.unknownFields(structure, unknown);
}

const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

interface Amount {
  value: number;
  currency: string;
}

function readAmount(body: Body, { allowZero = false } = {}): Amount {
  const amount = body.amount;
  if (amount === undefined || amount === null) throw errors.missingAmount();
  if (typeof amount !== "object" || Array.isArray(amount)) throw errors.invalidAmount();
  refuseUnknownFields(amount as Body, "Amount");
  const { value, currency } = amount as Body;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < (allowZero ? 0 : 1))
    throw errors.invalidAmount();
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency) || !CURRENCIES.has(currency))
    throw errors.currency();
  return { value, currency };
}

/** `merchantAccount` present (422) and this gateway's own (403), as Adyen checks it. */
function checkMerchant(body: Body, merchantAccount: string): void {
  if (typeof body.merchantAccount !== "string" || body.merchantAccount === "")
    throw errors.missingField("merchantAccount");
  if (body.merchantAccount !== merchantAccount) throw errors.merchantAccount();
}

function readReference(body: Body, field = "reference"): string {
  const reference = body[field];
  if (typeof reference !== "string" || reference.trim() === "") throw errors.missingReference();
  if (reference.length > 80) throw errors.invalidField(field);
  return reference;
}

function readReturnUrl(body: Body): string {
  const url = body.returnUrl;
  if (typeof url !== "string" || url === "") throw errors.missingReturnUrl();
  try {
    const parsed = new URL(url);
    if (!/^https?:$/.test(parsed.protocol)) throw new Error("scheme");
  } catch {
    throw errors.invalidField("returnUrl");
  }
  if (url.length > 8000) throw errors.invalidField("returnUrl");
  return url;
}

function optionalEnum(body: Body, field: string, values: Record<string, string>): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !Object.values(values).includes(value)) throw errors.invalidField(field);
  return value;
}

/** Adyen's `test_` card values stand for the encrypted fields of its Web Components. */
function decrypted(method: Body, field: string): string {
  const value = method[field];
  if (value === undefined || value === "") return "";
  if (typeof value !== "string" || !value.startsWith("test_")) throw errors.decrypt();
  return value.slice("test_".length);
}

type PaymentMethodInput = { kind: "card"; card: CardInput } | { kind: "ideal" };

function readPaymentMethod(body: Body): PaymentMethodInput {
  const method = body.paymentMethod;
  if (method === undefined || method === null) throw errors.missingField("paymentMethod");
  if (typeof method !== "object" || Array.isArray(method)) throw errors.paymentMethodData();
  const m = method as Body;
  const type = m.type ?? "scheme";
  if (type === "ideal") {
    refuseUnknownFields(m, "IdealDetails");
    return { kind: "ideal" };
  }
  if (type !== "scheme") throw errors.paymentMethodNotSupported();
  refuseUnknownFields(m, "CardDetails");
  if (m.number !== undefined || m.expiryMonth !== undefined || m.cvc !== undefined) throw errors.notAllowed();
  if (m.storedPaymentMethodId !== undefined) throw validation("800", "Contract not found");
  if (typeof m.encryptedCardNumber !== "string" || m.encryptedCardNumber === "")
    throw errors.paymentMethodData();
  const card: CardInput = {
    number: decrypted(m, "encryptedCardNumber"),
    expiryMonth: decrypted(m, "encryptedExpiryMonth"),
    expiryYear: decrypted(m, "encryptedExpiryYear"),
    cvc: decrypted(m, "encryptedSecurityCode"),
    holderName: typeof m.holderName === "string" ? m.holderName : "",
  };
  if (card.expiryMonth === "" || card.expiryYear === "") throw errors.paymentMethodData();
  const problem = cardProblem(card);
  if (problem) throw validation(problem.errorCode, problem.message);
  return { kind: "card", card };
}

export interface PaymentInput {
  amount: Amount;
  reference: string;
  returnUrl: string;
  method: PaymentMethodInput;
  /** `authenticationData.threeDSRequestData.nativeThreeDS: preferred`: a native challenge. */
  nativeThreeDS: boolean;
  /** `additionalData.RequestedTestAcquirerResponseCode`: Adyen's test result by number. */
  acquirerResponseCode: string | undefined;
}

export function readPaymentRequest(raw: unknown, merchantAccount: string): PaymentInput {
  const body = asBody(raw);
  refuseUnknownFields(body, "PaymentRequest");
  checkMerchant(body, merchantAccount);
  const amount = readAmount(body);
  const reference = readReference(body);
  const returnUrl = readReturnUrl(body);
  optionalEnum(body, "channel", checkout.PaymentRequest.ChannelEnum);
  optionalEnum(body, "shopperInteraction", checkout.PaymentRequest.ShopperInteractionEnum);
  const method = readPaymentMethod(body);
  const authentication = body.authenticationData as Body | undefined;
  const threeDS = authentication?.threeDSRequestData as Body | undefined;
  const additional = (body.additionalData ?? {}) as Body;
  const code = additional.RequestedTestAcquirerResponseCode;
  return {
    amount,
    reference,
    returnUrl,
    method,
    nativeThreeDS: threeDS?.nativeThreeDS === "preferred",
    acquirerResponseCode: typeof code === "string" || typeof code === "number" ? String(code) : undefined,
  };
}

export interface SessionInput {
  amount: Amount;
  reference: string;
  returnUrl: string;
  mode: "embedded" | "hosted";
  expiresAt: Date;
  allowedPaymentMethods: string[] | null;
  shopperLocale: string | null;
}

/** A session lasts an hour unless `expiresAt` says otherwise, and never more than 24 hours. */
const SESSION_DEFAULT_MS = 60 * 60_000;
const SESSION_MAX_MS = 24 * 60 * 60_000;

export function readSessionRequest(raw: unknown, merchantAccount: string, now = new Date()): SessionInput {
  const body = asBody(raw);
  refuseUnknownFields(body, "CreateCheckoutSessionRequest");
  checkMerchant(body, merchantAccount);
  const amount = readAmount(body, { allowZero: true });
  const reference = readReference(body);
  const returnUrl = readReturnUrl(body);
  const mode = (optionalEnum(body, "mode", checkout.CreateCheckoutSessionRequest.ModeEnum) ?? "embedded") as
    | "embedded"
    | "hosted";
  optionalEnum(body, "channel", checkout.CreateCheckoutSessionRequest.ChannelEnum);
  let expiresAt = new Date(now.getTime() + SESSION_DEFAULT_MS);
  if (body.expiresAt !== undefined) {
    const at = typeof body.expiresAt === "string" ? new Date(body.expiresAt) : new Date(Number.NaN);
    if (
      Number.isNaN(at.getTime()) ||
      at.getTime() <= now.getTime() ||
      at.getTime() > now.getTime() + SESSION_MAX_MS
    )
      throw errors.invalidField("expiresAt");
    expiresAt = at;
  }
  if (
    body.countryCode !== undefined &&
    (typeof body.countryCode !== "string" || !/^[A-Z]{2}$/.test(body.countryCode))
  )
    throw errors.invalidField("countryCode");
  const allowed = body.allowedPaymentMethods;
  if (allowed !== undefined && (!Array.isArray(allowed) || allowed.some((m) => typeof m !== "string")))
    throw errors.invalidField("allowedPaymentMethods");
  return {
    amount,
    reference,
    returnUrl,
    mode,
    expiresAt,
    allowedPaymentMethods: (allowed as string[] | undefined) ?? null,
    shopperLocale: typeof body.shopperLocale === "string" ? body.shopperLocale : null,
  };
}

export function readDetailsRequest(raw: unknown): { redirectResult?: string; threeDSResult?: string } {
  const body = asBody(raw);
  refuseUnknownFields(body, "PaymentDetailsRequest");
  const details = body.details;
  if (details === undefined || details === null) throw errors.missingField("details");
  if (typeof details !== "object" || Array.isArray(details)) throw errors.invalidField("details");
  const d = details as Body;
  if (typeof d.redirectResult === "string" && d.redirectResult !== "")
    return { redirectResult: d.redirectResult };
  if (typeof d.threeDSResult === "string" && d.threeDSResult !== "")
    return { threeDSResult: d.threeDSResult };
  throw errors.invalidField("details");
}

export type ModificationKind = "captures" | "refunds" | "cancels" | "reversals";

const MODIFICATION_STRUCTURE: Record<ModificationKind, Structure> = {
  captures: "PaymentCaptureRequest",
  refunds: "PaymentRefundRequest",
  cancels: "PaymentCancelRequest",
  reversals: "PaymentReversalRequest",
};

export interface ModificationInput {
  amount: Amount | null;
  reference: string | null;
  merchantRefundReason: string | null;
}

export function readModificationRequest(
  kind: ModificationKind,
  raw: unknown,
  merchantAccount: string,
): ModificationInput {
  const body = asBody(raw);
  refuseUnknownFields(body, MODIFICATION_STRUCTURE[kind]);
  checkMerchant(body, merchantAccount);
  const amount = kind === "captures" || kind === "refunds" ? readAmount(body) : null;
  const reference = body.reference === undefined ? null : readReference(body);
  const reason =
    kind === "refunds"
      ? (optionalEnum(body, "merchantRefundReason", checkout.PaymentRefundRequest.MerchantRefundReasonEnum) ??
        null)
      : null;
  return { amount, reference, merchantRefundReason: reason };
}

export function readStandaloneCancel(
  raw: unknown,
  merchantAccount: string,
): { paymentReference: string; reference: string | null } {
  const body = asBody(raw);
  refuseUnknownFields(body, "StandalonePaymentCancelRequest");
  checkMerchant(body, merchantAccount);
  if (typeof body.paymentReference !== "string" || body.paymentReference === "")
    throw errors.missingField("paymentReference");
  return {
    paymentReference: body.paymentReference,
    reference: body.reference === undefined ? null : readReference(body),
  };
}

export function readPaymentMethodsRequest(raw: unknown, merchantAccount: string): void {
  const body = asBody(raw);
  refuseUnknownFields(body, "PaymentMethodsRequest");
  checkMerchant(body, merchantAccount);
  if (body.amount !== undefined) readAmount(body, { allowZero: true });
}
