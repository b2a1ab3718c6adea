import { isValidEmail, STAFF_ROLES } from "@etalage/core";
import { z } from "zod";
import { line, text } from "../../http/schemas.ts";
import { IDEMPOTENCY_KEY_PATTERN } from "../../services/idempotency.ts";
import { authenticationBody, optionsAnswer, passkeyAnswer } from "../accounts/passkey-validators.ts";

const email = line(254).min(1, "is required").refine(isValidEmail, "Please provide an valid e-mail address");
const password = z.string().min(1, "is required").max(256, "is longer than 256 characters");
const secret = line(128).min(1, "is required");
const code = line(6).regex(/^\d{6}$/, "must be the 6 digits your authenticator app shows");

export const loginBody = z.strictObject({ email, password });
export const codeBody = z.strictObject({ challenge: secret, code });
export const passkeyLoginBody = z.strictObject({
  challenge: secret,
  credential: authenticationBody.shape.credential,
});
export const totpEnrolBody = z.strictObject({ code });
/** A change on the security page runs once per key when the browser sends one (a retry replays it). */
export const changeHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, "must be 1 to 255 visible ASCII characters")
    .optional(),
});
export const invitationQuery = z.strictObject({ token: secret });
export const acceptBody = z.strictObject({ token: secret, password, totp_code: code.optional() });
export const inviteBody = z.strictObject({ email, role: z.enum(STAFF_ROLES) });
export const disableBody = z.strictObject({ email });
export const reviewParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const rejectBody = z.strictObject({ reason: text(1000).min(1, "is required") });
export const auditQuery = z.strictObject({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

const role = z.enum(STAFF_ROLES);
const staffMemberAnswer = z.object({ email: z.string(), role, totp: z.boolean() });
export const sessionAnswer = z.object({
  staff: staffMemberAnswer,
  csrf_token: z.string(),
  expires_at: z.string(),
  permissions: z.array(z.string()),
  refund_limit_eur: z.number().nullable(),
});
export const loginAnswer = z.union([
  z.object({
    step: z.literal("second_factor"),
    challenge: z.string(),
    totp: z.boolean(),
    passkey: optionsAnswer.nullable(),
  }),
  sessionAnswer.extend({ step: z.literal("done") }),
]);
export const invitationAnswer = z.object({
  email: z.string(),
  role,
  totp_required: z.boolean(),
  totp: z.object({ secret: z.string(), uri: z.string() }),
  expires_at: z.string(),
});
export const staffAnswer = z.object({
  email: z.string(),
  role,
  active: z.boolean(),
  totp: z.boolean(),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
});
export const inviteAnswer = z.object({
  email: z.string(),
  role,
  invitation_url: z.string(),
  expires_at: z.string(),
});
export const pendingReview = z.object({
  id: z.number().int(),
  title: z.string(),
  detail: z.string(),
  nickname: z.string(),
  rating: z.number().int(),
  created_at: z.string(),
  product: z.object({ id: z.number().int(), sku: z.string(), name: z.string(), url: z.string().nullable() }),
});
const detailValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const auditAnswer = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      actor: z.string(),
      action: z.string(),
      target: z.string().nullable(),
      details: z.record(z.string(), detailValue).nullable(),
      ip: z.string(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

const totpOffer = z.object({ secret: z.string(), uri: z.string() });
export const securityAnswer = z.object({
  totp: z.boolean(),
  totp_offer: totpOffer.nullable(),
  passkeys: z.array(passkeyAnswer),
  may_remove_passkey: z.boolean(),
});
export const totpOfferAnswer = totpOffer;
