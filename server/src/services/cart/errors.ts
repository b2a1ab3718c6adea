/**
 * Business errors of the cart as values (STYLE "Vendure"): the service returns them, the route
 * maps them to the envelope. `path` names the field the error is about (contract "Conventions").
 */
export interface CartFailure {
  ok: false;
  code: 400 | 401 | 404 | 409;
  message: string;
  path?: string;
  meta?: Record<string, unknown>;
}

export type CartResult<T> = { ok: true; value: T } | CartFailure;

export function fail(
  code: CartFailure["code"],
  message: string,
  path?: string,
  meta?: Record<string, unknown>,
): CartFailure {
  const failure: CartFailure = { ok: false, code, message };
  if (path) failure.path = path;
  if (meta) failure.meta = meta;
  return failure;
}

export function success<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Thrown inside a write transaction to roll it back with a business error. */
export class CartRollback extends Error {
  constructor(readonly failure: CartFailure) {
    super(failure.message);
  }
}
