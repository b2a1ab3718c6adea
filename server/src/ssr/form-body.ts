import type { FastifyInstance } from "fastify";
import { ApiError } from "../http/envelope.ts";

/*
 * The storefront's form posts (the add to cart that works without JavaScript) arrive as
 * `application/x-www-form-urlencoded` and nothing else. The server reads them, bounded, into
 * fields the input rule checks like any API body (http/input.ts), then hands React Router the
 * same fields again: a page action never reads bytes the server did not check.
 */

/** The product form needs well under 2 KiB (a grouped set of 20 children with quantities). */
const FORM_BODY_LIMIT = 16 * 1024;

/** Field name → value, or values when the name repeats; no prototype, so any name is only a name. */
export type FormFields = Record<string, string | string[]>;

function parseFormFields(text: string): FormFields {
  const fields: FormFields = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = fields[name];
    if (seen === undefined) fields[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else fields[name] = [seen, value];
  }
  return fields;
}

/** The fields as a body again, for the Web Request React Router reads. */
export function formBody(fields: unknown): URLSearchParams | undefined {
  if (fields === null || typeof fields !== "object") return undefined;
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields as FormFields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return body;
}

/** On the storefront's instance: form posts parsed and bounded, every other body refused. */
export function installFormBodyParser(ssr: FastifyInstance) {
  ssr.removeAllContentTypeParsers();
  ssr.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, parseFormFields(body as string)),
  );
  ssr.addContentTypeParser("*", (request, _payload, done) => {
    const type = request.headers["content-type"] ?? "";
    done(new ApiError(415, `content-type: pages take form posts only, not ${type}`.trim()), undefined);
  });
}
