import rateLimit from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, envelopeSchema, errorEnvelopeSchema, ok } from "../../http/envelope.ts";
import type { AccountService } from "../../services/accounts/customers.ts";
import type { CustomerOrders } from "../../services/accounts/orders.ts";
import type { Services } from "../../services/index.ts";
import {
  customerRateLimitOptions,
  customerSession,
  LOGIN_RATE_LIMIT,
  sendTokens,
  sessionMeta,
  TOKEN_REFUSED,
} from "./session.ts";
import {
  addressAnswer,
  addressBody,
  changePasswordBody,
  createBody,
  createPasswordBody,
  customerAnswer,
  deleteAccountBody,
  deleteAddressBody,
  historyQuery,
  loginBody,
  meBody,
  orderParams,
  refreshBody,
  resetBody,
  tokenQuery,
} from "./validators.ts";

export const CUSTOMER_BASE = "/ext/tritonx";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const empty = envelopeSchema(z.null());
const orderAnswer = z.object({ increment_id: z.string() }).catchall(z.unknown());

/**
 * The customer API (contract "Customer", transactional §7) under `/api/ext/tritonx`. Every
 * authenticated answer carries `meta.session_expires`. Logic lives in services/accounts.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const accounts: AccountService = services.accounts;
  const orders: CustomerOrders = services.customerOrders;

  await app.register(rateLimit, customerRateLimitOptions(services.config));
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const authenticate = (request: FastifyRequest) => customerSession(accounts, request);
  const meta = sessionMeta;

  const tokenAnswer = { 200: envelopeSchema(z.string()), ...errors };
  const loginLimit = LOGIN_RATE_LIMIT;

  app.post(
    "/login",
    {
      config: loginLimit,
      schema: {
        tags: ["customer"],
        summary: "Log in: a token and a refresh token",
        body: loginBody,
        response: tokenAnswer,
      },
    },
    async (request, reply) => {
      try {
        return sendTokens(
          reply,
          await accounts.login(request.body.username, request.body.password, request.ip),
        );
      } catch (error) {
        if (error instanceof ApiError && error.code === 429)
          reply.header("retry-after", String(error.meta?.retryAfter ?? 900));
        throw error;
      }
    },
  );

  app.post(
    "/create",
    {
      config: { rateLimit: { max: 20, timeWindow: "15 minutes" } },
      schema: {
        tags: ["customer"],
        summary: "Create an account",
        body: createBody,
        response: { 200: envelopeSchema(customerAnswer), ...errors },
      },
    },
    async (request, reply) => ok(reply, await accounts.create(request.body.customer, request.body.password)),
  );

  app.post(
    "/refresh",
    {
      config: { rateLimit: { max: 100, timeWindow: "15 minutes" } },
      schema: {
        tags: ["customer"],
        summary: "Rotate the refresh token: a new pair, the old one dead",
        body: refreshBody,
        response: tokenAnswer,
      },
    },
    async (request, reply) => {
      const pair = await accounts.refresh(request.body.refreshToken);
      if (!pair)
        throw new ApiError(401, "body.refreshToken: the refresh token is invalid, used or expired", {
          errors: [{ path: "body.refreshToken", message: "the refresh token is invalid, used or expired" }],
        });
      return sendTokens(reply, pair);
    },
  );

  app.post(
    "/logout",
    {
      schema: {
        tags: ["customer"],
        summary: "Log out: the login's tokens are revoked",
        querystring: tokenQuery,
        response: { 200: empty, ...errors },
      },
    },
    async (request, reply) => {
      await accounts.logout(await authenticate(request));
      return ok(reply, null);
    },
  );

  app.post(
    "/reset-password",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 hour" } },
      schema: {
        tags: ["customer"],
        summary: "Mail a reset link (200 whether or not the email exists)",
        body: resetBody,
        response: { 200: empty, ...errors },
      },
    },
    async (request, reply) => {
      await accounts.requestReset(request.body.email);
      return ok(reply, null);
    },
  );

  app.post(
    "/create-password",
    {
      config: { rateLimit: { max: 20, timeWindow: "15 minutes" } },
      schema: {
        tags: ["customer"],
        summary: "Set a new password with a reset token",
        body: createPasswordBody,
        response: { 200: empty, ...errors },
      },
    },
    async (request, reply) => {
      await accounts.resetPassword(request.body.email, request.body.resetToken, request.body.newPassword);
      return ok(reply, null);
    },
  );

  app.post(
    "/change-password",
    {
      config: { rateLimit: { max: 20, timeWindow: "15 minutes" } },
      schema: {
        tags: ["customer"],
        summary: "Change the password; other logins are revoked",
        querystring: tokenQuery,
        body: changePasswordBody,
        response: {
          200: empty,
          ...errors,
          400: errorEnvelopeSchema.extend({ meta: z.record(z.string(), z.unknown()).optional() }),
        },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      await accounts.changePassword(session, request.body.currentPassword, request.body.newPassword);
      return ok(reply, null, meta(session));
    },
  );

  app.get(
    "/me",
    {
      schema: {
        tags: ["customer"],
        summary: "The customer's profile",
        querystring: tokenQuery,
        response: { 200: envelopeSchema(customerAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const customer = await accounts.profile(session.customerId);
      if (!customer) throw new ApiError(401, TOKEN_REFUSED);
      return ok(reply, customer, meta(session));
    },
  );

  app.post(
    "/me",
    {
      schema: {
        tags: ["customer"],
        summary: "Update firstname, lastname, email and addresses",
        querystring: tokenQuery,
        body: meBody,
        response: { 200: envelopeSchema(customerAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      return ok(
        reply,
        await accounts.updateProfile(session.customerId, request.body.customer),
        meta(session),
      );
    },
  );

  app.post(
    "/address",
    {
      schema: {
        tags: ["customer"],
        summary: "Add an address, or edit one (with its id)",
        querystring: tokenQuery,
        body: addressBody,
        response: { 200: envelopeSchema(addressAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      return ok(reply, await accounts.saveAddress(session.customerId, request.body.address), meta(session));
    },
  );

  app.delete(
    "/address",
    {
      schema: {
        tags: ["customer"],
        summary: "Delete an address",
        querystring: tokenQuery,
        body: deleteAddressBody,
        response: { 200: envelopeSchema(z.object({ address_id: z.number() })), ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const { user_id, address_id } = request.body;
      const mine =
        (user_id === undefined || user_id === session.customerId) &&
        (await accounts.deleteAddress(session.customerId, address_id));
      if (!mine)
        throw new ApiError(404, "body.address_id: Address not found", {
          errors: [{ path: "body.address_id", message: "Address not found" }],
          ...meta(session),
        });
      return ok(reply, { address_id }, meta(session));
    },
  );

  app.get(
    "/order-history",
    {
      schema: {
        tags: ["customer"],
        summary: "The customer's orders, newest first",
        querystring: historyQuery,
        response: {
          200: envelopeSchema(z.object({ items: z.array(orderAnswer), total_count: z.number() })),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const page = await orders.history(session.customerId, {
        page: request.query.currentPage,
        size: request.query.pageSize,
      });
      return ok(reply, page, meta(session));
    },
  );

  app.get(
    "/orders/:orderNumber",
    {
      schema: {
        tags: ["customer"],
        summary: "One order of the customer",
        params: orderParams,
        querystring: tokenQuery,
        response: { 200: envelopeSchema(orderAnswer), ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const order = await orders.find(session.customerId, request.params.orderNumber);
      if (!order) throw new ApiError(404, "Order not found", meta(session));
      return ok(reply, order, meta(session));
    },
  );

  // Privacy (beyond the spec): the customer's data as JSON, and erasing the account.
  app.get(
    "/me/data",
    {
      config: { rateLimit: { max: 20, timeWindow: "15 minutes" } },
      schema: {
        tags: ["customer"],
        summary: "Download my data: profile, addresses, orders and newsletter state",
        querystring: tokenQuery,
        response: { 200: envelopeSchema(z.record(z.string(), z.unknown())), ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      const data = await services.privacy.export(session.customerId);
      if (!data) throw new ApiError(401, TOKEN_REFUSED);
      reply.header("content-disposition", 'attachment; filename="mijn-gegevens-etalage.json"');
      return ok(reply, data, meta(session));
    },
  );

  app.post(
    "/me/delete",
    {
      config: { rateLimit: { max: 10, timeWindow: "15 minutes" } },
      schema: {
        tags: ["customer"],
        summary: "Delete my account (password confirmed): personal data erased, orders anonymised",
        querystring: tokenQuery,
        body: deleteAccountBody,
        response: { 200: empty, ...errors },
      },
    },
    async (request, reply) => {
      const session = await authenticate(request);
      await services.privacy.erase(session.customerId, request.body.password);
      return ok(reply, null);
    },
  );
};
