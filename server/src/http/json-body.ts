import type { FastifyInstance } from "fastify";
import secureJson from "secure-json-parse";
import { ApiError } from "./envelope.ts";

/*
 * JSON bodies, parsed so that a refusal says why: Fastify's own parser answers every mistake with
 * "Body is not valid JSON", which leaves a client guessing. Keys that would reach an object's
 * prototype (`__proto__`, `constructor.prototype`) are refused, as Fastify refuses them, by name.
 */

const FORBIDDEN_KEY = /forbidden prototype property/i;

function refusal(message: string): ApiError {
  return new ApiError(400, `body: ${message}`, { errors: [{ path: "body", message }] });
}

/** Which of the two keys secure-json-parse refused: parsed again minding `__proto__` only. */
function forbiddenKey(text: string): string {
  try {
    secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "ignore" });
    return "constructor.prototype";
  } catch {
    return "__proto__";
  }
}

export function parseJsonBody(text: string): unknown {
  if (text.trim() === "") throw refusal("is empty; send a JSON document or leave out the content-type");
  try {
    return secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "error" });
  } catch (error) {
    const message = (error as Error).message;
    if (FORBIDDEN_KEY.test(message)) throw refusal(`the key "${forbiddenKey(text)}" is not allowed`);
    throw refusal(`is not valid JSON: ${message}`);
  }
}

/** Replaces the JSON parser of `app` (and the instances it registers from here on). */
export function installJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
