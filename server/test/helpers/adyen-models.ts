import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import adyen from "@adyen/api-library";

/**
 * Adyen's published request models as `@adyen/api-library` ships them, read for the contract test
 * (issue 24 item 3): known fields and their types from each model's `getAttributeTypeMap()`, enum
 * values from the model's own enums, required fields from the model's `.d.ts` (a property without
 * `?`) — the library's generated typings of Checkout API v72, never a copy of ours.
 */

const checkout = adyen.Types.checkout;

interface Attribute {
  name: string;
  baseName: string;
  type: string;
}

interface Model {
  getAttributeTypeMap(): Attribute[];
}

const typingsDir = path.dirname(
  createRequire(import.meta.url).resolve("@adyen/api-library/lib/src/typings/checkout/models.js"),
);

function model(type: string): Model | undefined {
  const candidate: unknown = Reflect.get(checkout, type);
  return typeof candidate === "function" && "getAttributeTypeMap" in candidate
    ? (candidate as unknown as Model)
    : undefined;
}

const requiredCache = new Map<string, Set<string>>();

/** The properties the model's declaration does not mark optional (`"amount": Amount;`). */
function requiredFields(type: string): Set<string> {
  const cached = requiredCache.get(type);
  if (cached) return cached;
  const file = path.join(typingsDir, `${type[0]!.toLowerCase()}${type.slice(1)}.d.ts`);
  const source = readFileSync(file, "utf8");
  const start = source.indexOf(`export declare class ${type} {`);
  if (start < 0) throw new Error(`no class ${type} in ${file}`);
  const body = source.slice(start, source.indexOf("\n}", start));
  const required = new Set<string>();
  for (const match of body.matchAll(/^\s{4}"(\w+)"(\?)?:/gm)) if (!match[2]) required.add(match[1]!);
  requiredCache.set(type, required);
  return required;
}

/** `Model.SomeEnum` as the library declares it: the values it allows. */
function enumValues(type: string): string[] | undefined {
  const [owner, name] = type.split(".");
  if (!owner || !name) return undefined;
  const values: unknown = Reflect.get(Reflect.get(checkout, owner) ?? {}, name);
  return values && typeof values === "object" ? Object.values(values).map(String) : undefined;
}

/**
 * `wire`: a JSON body as sent (fields by `baseName`, dates as ISO strings); `object`: what the
 * adapter handed the library before its serializer ran (fields by `name`, dates as `Date`) — the
 * serializer drops fields it does not know, so a misspelt field would vanish unseen on the wire.
 */
export type Side = "wire" | "object";

/** Every way `value` departs from the library's model `type`; empty when it conforms. */
export function violations(value: unknown, type: string, side: Side, at = "$"): string[] {
  if (value === undefined) return [];
  if (type.endsWith(" | null")) return value === null ? [] : violations(value, type.slice(0, -7), side, at);
  if (value === null) return [`${at}: null where ${type} is expected`];
  if (type.startsWith("Array<")) {
    if (!Array.isArray(value)) return [`${at}: not an array (${type})`];
    return value.flatMap((item, i) => violations(item, type.slice(6, -1), side, `${at}[${i}]`));
  }
  if (type.startsWith("{ [key: string]: ")) {
    if (typeof value !== "object" || Array.isArray(value)) return [`${at}: not a map (${type})`];
    const inner = type.slice("{ [key: string]: ".length, -"; }".length);
    return Object.entries(value).flatMap(([k, v]) => violations(v, inner, side, `${at}.${k}`));
  }
  switch (type) {
    case "string":
      return typeof value === "string" ? [] : [`${at}: not a string`];
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? [] : [`${at}: not a number`];
    case "boolean":
      return typeof value === "boolean" ? [] : [`${at}: not a boolean`];
    case "any":
    case "object":
      return [];
    case "Date":
      if (side === "object") return value instanceof Date ? [] : [`${at}: not a Date`];
      return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? [] : [`${at}: not a date-time`];
  }
  const allowed = enumValues(type);
  if (allowed)
    return allowed.includes(String(value)) ? [] : [`${at}: ${JSON.stringify(value)} is not one of ${type}`];
  const m = model(type);
  // A union the library leaves untyped (PaymentRequestPaymentMethod): its serializer passes it as is.
  if (!m) return [];
  if (typeof value !== "object" || Array.isArray(value)) return [`${at}: not an object (${type})`];
  const attributes = m.getAttributeTypeMap();
  const key = (a: Attribute) => (side === "wire" ? a.baseName : a.name);
  const known = new Map(attributes.map((a) => [key(a), a]));
  const problems: string[] = [];
  const fields = value as Record<string, unknown>;
  for (const [field, v] of Object.entries(fields)) {
    const attribute = known.get(field);
    if (!attribute) {
      if (v !== undefined) problems.push(`${at}.${field}: unknown field of ${type}`);
      continue;
    }
    problems.push(...violations(v, attribute.type, side, `${at}.${field}`));
  }
  for (const name of requiredFields(type)) {
    const attribute = attributes.find((a) => a.name === name);
    const field = attribute ? key(attribute) : name;
    if (fields[field] === undefined || fields[field] === null)
      problems.push(`${at}.${field}: required by ${type}, missing`);
  }
  return problems;
}
