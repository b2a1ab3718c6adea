/**
 * The product query the index answers: the contract's catalogue search body plus paging (shapes
 * in core, shared with the storefront), already checked for shape by the route's zod schema.
 */
export * from "@etalage/core/catalog/search";

/** A query the index cannot answer as asked; `path` names the field of the body (a 400). */
export class QueryError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}
