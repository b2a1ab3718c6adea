/**
 * `_appliedFilters` as bitsets. Operators `eq in neq nin gt gte lt lte` (a scalar means `eq`, a
 * list `in`); several operators in one value all apply. On option fields the range operators
 * compare the option values as numbers.
 */
import { andInto, andNotInto, type Bits } from "./bitset.ts";
import { type FieldDef, keyBits, type Scope } from "./fields.ts";
import { keyOfInput } from "./product-values.ts";
import {
  type AppliedFilter,
  type FilterValue,
  OPERATORS,
  type Operator,
  QueryError,
  type Scalar,
} from "./query-types.ts";
import type { Snapshot } from "./snapshot.ts";

export interface CompiledFilter {
  def: FieldDef;
  group: string;
  bits: Bits;
  /** Keys asked for with eq/in, e.g. the category ids a position sort uses. */
  keys: string[];
}

const RANGE = new Set<Operator>(["gt", "gte", "lt", "lte"]);

export function operations(value: FilterValue): [Operator, Scalar | readonly Scalar[]][] {
  if (Array.isArray(value)) return [["in", value]];
  if (value !== null && typeof value === "object") {
    return OPERATORS.filter((op) => (value as Record<string, unknown>)[op] !== undefined).map((op) => [
      op,
      (value as Record<Operator, Scalar | readonly Scalar[]>)[op],
    ]);
  }
  return [["eq", value as Scalar]];
}

const listOf = (v: Scalar | readonly Scalar[]): readonly Scalar[] => (Array.isArray(v) ? v : [v as Scalar]);

export function compileFilter(snapshot: Snapshot, filter: AppliedFilter, path: string): CompiledFilter {
  const def = snapshot.fields.resolve(filter.attribute);
  if (!def) throw new QueryError(`${path}.attribute`, `Unknown filter attribute "${filter.attribute}"`);
  const scope: Scope = filter.scope ?? "default";
  const bits = snapshot.all.slice();
  const keys: string[] = [];
  const ops = operations(filter.value);
  if (ops.length === 0) throw new QueryError(`${path}.value`, "needs an operator");
  for (const [op, raw] of ops) {
    const at =
      typeof filter.value === "object" && !Array.isArray(filter.value)
        ? `${path}.value.${op}`
        : `${path}.value`;
    const values = listOf(raw);
    if (op === "eq" || op === "in") keys.push(...values.map((v) => keyOfInput(v) ?? ""));
    andInto(bits, operationBits(snapshot, def, scope, op, values, at));
  }
  return { def, group: def.group, bits, keys };
}

function operationBits(
  snapshot: Snapshot,
  def: FieldDef,
  scope: Scope,
  op: Operator,
  values: readonly Scalar[],
  path: string,
): Bits {
  const size = snapshot.size;
  const negate = op === "neq" || op === "nin";
  const complement = (bits: Bits) => andNotInto(snapshot.all.slice(), bits);

  if (RANGE.has(op)) {
    if (values.length !== 1) throw new QueryError(path, "must be a single value");
    if (def.kind === "key") throw new QueryError(path, `range operators do not apply to "${def.name}"`);
    const bound = def.kind === "numeric" ? def.parse(values[0]) : toNumber(values[0]);
    if (bound === undefined) throw new QueryError(path, "must be a number");
    if (def.kind === "numeric") return def.field.rangeBits({ [op]: bound });
    const test = {
      gt: (v: number) => v > bound,
      gte: (v: number) => v >= bound,
      lt: (v: number) => v < bound,
      lte: (v: number) => v <= bound,
    }[op as "gt" | "gte" | "lt" | "lte"];
    return def.scopes[scope].unionWhere(test);
  }

  let bits: Bits;
  if (def.kind === "numeric") {
    const numbers: number[] = [];
    for (const v of values) {
      const n = def.parse(v);
      if (n !== undefined) numbers.push(n);
    }
    bits = def.field.equalBits(numbers);
  } else {
    const keys = values.map((v) => keyOfInput(v)).filter((k): k is string => k !== undefined);
    bits = def.kind === "key" ? keyBits(size, def, keys) : def.scopes[scope].union(keys);
  }
  return negate ? complement(bits) : bits;
}

function toNumber(value: Scalar | undefined): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}
