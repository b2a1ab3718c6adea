import { textProblem } from "@etalage/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, type FieldError } from "./envelope.ts";

/*
 * The text rule of core/src/text-rule.ts, applied to every request before any schema or handler
 * sees it (docs/decisions/0012-input-rules.md): every route, present and future, inherits it.
 */

/** JSON bodies of ours nest a few levels (a CMS story a dozen); deeper is a parser attack. */
const MAX_DEPTH = 64;

function pathText(parts: readonly (string | number)[]): string {
  let text = "";
  for (const part of parts) {
    if (typeof part === "number") text += `[${part}]`;
    else text = text ? `${text}.${part}` : part;
  }
  return text;
}

/**
 * The first string (value or key) of a parsed document that breaks the text rule, with its path
 * from `root`: `body.cartItem.sku`. `multiline` lets values (never keys) hold tab and line breaks.
 */
export function findBadText(
  value: unknown,
  root: readonly (string | number)[],
  multiline: boolean,
): FieldError | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [...root] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      const problem = textProblem(current, multiline);
      if (problem) return { path: pathText(path), message: problem };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (path.length - root.length >= MAX_DEPTH) {
      return { path: pathText(path), message: `is nested deeper than ${MAX_DEPTH} levels` };
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
      continue;
    }
    for (const key of Object.keys(current)) {
      const problem = textProblem(key, false);
      if (problem) return { path: pathText([...path, key]), message: `has a key that ${problem}` };
      stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return undefined;
}

/** The request's parts, checked before any schema or handler sees them. */
function checkRequestText(request: FastifyRequest): FieldError | undefined {
  // Paths and queries are single-line; bodies may hold line breaks (a message, a review).
  return (
    findBadText(request.params, ["params"], false) ??
    findBadText(request.query, ["querystring"], false) ??
    findBadText(request.body, ["body"], true)
  );
}

/** Every route, present and future, refuses hostile text with a 400 that names the field. */
export function installInputRules(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const bad = checkRequestText(request);
    if (bad) throw new ApiError(400, `${bad.path}: ${bad.message}`, { errors: [bad] });
  });
}
