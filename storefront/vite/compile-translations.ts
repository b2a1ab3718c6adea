import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Plugin, parseAst } from "vite";

/**
 * Compiles `t("literal")` calls to their Dutch text at build time (docs/decisions/0007), so the
 * browser is not sent the whole dictionary:
 *
 * - `t("Key")` → `"Dutch text"`; an unknown key → the key itself, as `t()` answers;
 * - `t("Key", params)` → `fillPlaceholders("Dutch text", params)` (core/src/i18n/placeholders.ts,
 *   which does not import the dictionary);
 * - `t(expression)` is left alone: the browser's dictionary keeps every entry whose key is not
 *   only ever used in literal calls (keys held in tables such as sort labels, and messages that
 *   come from the server), so a key looked up at run time answers as before.
 *
 * Only calls of the `t` imported from @etalage/core (or core's own translate module) change.
 * Server and browser builds compile alike, so hydration sees the same text; only the browser's
 * copy of the dictionary is trimmed.
 */

export type Dictionary = Readonly<Record<string, string>>;

const TRANSLATE_SOURCES =
  /^(@etalage\/core(\/i18n\/translate(\.ts)?)?|(\.\.?\/)+(i18n\/)?translate\.ts|(\.\.?\/)+i18n\/translate(\.ts)?)$/;
const FILL = "__etalageFillPlaceholders";

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The Dutch text `t(key)` answers. Own entries only: `t("constructor")` is not a prototype member. */
function translation(dictionary: Dictionary, key: string): string {
  return Object.hasOwn(dictionary, key) ? dictionary[key]! : key;
}

/** A string literal's value, or a template literal's without expressions; otherwise undefined. */
function literalText(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && (node.expressions as Node[]).length === 0) {
    const [quasi] = node.quasis as { value: { cooked: string | null } }[];
    return quasi?.value.cooked ?? undefined;
  }
  return undefined;
}

/** Local names under which this module imported core's `t`. */
function translateBindings(program: Node): Set<string> {
  const names = new Set<string>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== "ImportDeclaration") continue;
    const source = (statement.source as Node).value as string;
    if (!TRANSLATE_SOURCES.test(source)) continue;
    for (const specifier of statement.specifiers as Node[]) {
      const imported = specifier.imported as Node | undefined;
      if (specifier.type === "ImportSpecifier" && imported?.name === "t") {
        names.add((specifier.local as Node).name as string);
      }
    }
  }
  return names;
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!node || typeof node !== "object" || typeof (node as Node).type !== "string") return;
  visit(node as Node);
  for (const key in node) {
    if (key === "type" || key === "start" || key === "end") continue;
    const value = (node as Record<string, unknown>)[key];
    if (value && typeof value === "object") walk(value, visit);
  }
}

export interface CompiledModule {
  code: string;
  /** The literal keys this module's calls were compiled for. */
  keys: string[];
}

/**
 * Rewrites the literal `t()` calls of one JavaScript module (JSX already compiled). Answers
 * undefined when the module has none. Replacements keep every line where it was (the helper's
 * import goes at the end), so line numbers in stack traces stay right.
 */
export function compileTranslations(code: string, dictionary: Dictionary): CompiledModule | undefined {
  if (!code.includes("t(") && !code.includes("t`")) return undefined;
  const program = parseAst(code) as unknown as Node;
  const bindings = translateBindings(program);
  if (bindings.size === 0) return undefined;

  const edits: { start: number; end: number; text: string }[] = [];
  const keys: string[] = [];
  let usesFill = false;
  walk(program, (node) => {
    if (node.type !== "CallExpression") return;
    const callee = node.callee as Node;
    if (callee.type !== "Identifier" || !bindings.has(callee.name as string)) return;
    const args = node.arguments as Node[];
    if (args.length === 0 || args.length > 2 || args.some((a) => a.type === "SpreadElement")) return;
    const key = literalText(args[0]);
    if (key === undefined) return;
    const text = JSON.stringify(translation(dictionary, key));
    keys.push(key);
    if (args.length === 1) {
      edits.push({ start: node.start, end: node.end, text });
    } else {
      usesFill = true;
      // `t("Key", params)` → `fill("Dutch", params)`: only the callee and the key change.
      edits.push({ start: callee.start, end: callee.end, text: FILL });
      edits.push({ start: args[0]!.start, end: args[0]!.end, text });
    }
  });
  if (edits.length === 0) return undefined;

  let out = "";
  let at = 0;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  out += code.slice(at);
  if (usesFill) out += `\nimport { fillPlaceholders as ${FILL} } from "@etalage/core/i18n/placeholders";\n`;
  return { code: out, keys };
}

/** Every source file of the code the browser may run: the storefront's app and core's rules. */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    // Not the dictionary itself, whose every key is a literal, nor tests, which the browser never runs.
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|^nl-NL\.ts$/.test(entry.name)) files.push(full);
  }
  return files;
}

/**
 * The dictionary the browser keeps: every entry except those whose key appears in the sources
 * only as the literal first argument of core's `t()` (those calls are compiled in the browser, and
 * in the server's sources they are messages the server words itself). A key written anywhere else
 * (a table of labels, a constant, a type) or nowhere at all (a message the server sends as its
 * key) stays, so `t(expression)` answers as before.
 */
export function browserDictionary(
  sources: readonly { file: string; code: string }[],
  dictionary: Dictionary,
): Record<string, string> {
  const inCall = new Set<string>();
  const elsewhere = new Set<string>();
  for (const { file, code } of sources) {
    const program = parseAst(code, { lang: file.endsWith(".tsx") ? "tsx" : "ts" }) as unknown as Node;
    const bindings = translateBindings(program);
    const callKeys = new Set<Node>();
    walk(program, (node) => {
      if (node.type === "CallExpression") {
        const callee = node.callee as Node;
        const first = (node.arguments as Node[])[0];
        if (callee.type === "Identifier" && bindings.has(callee.name as string) && first) callKeys.add(first);
        return;
      }
      const value = literalText(node);
      if (value === undefined || !Object.hasOwn(dictionary, value)) return;
      (callKeys.has(node) ? inCall : elsewhere).add(value);
    });
  }
  const kept: Record<string, string> = {};
  for (const [key, text] of Object.entries(dictionary)) {
    if (!inCall.has(key) || elsewhere.has(key)) kept[key] = text;
  }
  return kept;
}

export function compileTranslationsPlugin(options: { dictionary: Dictionary; sourceDirs: string[] }): Plugin {
  const dictionaryModule = /[\\/]core[\\/]src[\\/]i18n[\\/]nl-NL\.ts$/;
  const translateModule = /[\\/]core[\\/]src[\\/]i18n[\\/]translate\.ts$/;
  let kept: Record<string, string> | undefined;
  return {
    name: "etalage:compile-translations",
    // After TypeScript and JSX are compiled: the module is plain JavaScript to parse.
    enforce: "post",
    buildStart() {
      kept = undefined;
    },
    transform(code, id) {
      const file = id.split("?")[0]!;
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes("node_modules")) return null;
      if (dictionaryModule.test(file)) {
        if (this.environment.name !== "client") return null;
        kept ??= browserDictionary(
          options.sourceDirs.flatMap(sourceFiles).map((file) => ({ file, code: readFileSync(file, "utf8") })),
          options.dictionary,
        );
        return { code: `export const nl = ${JSON.stringify(kept)};\n`, map: null };
      }
      if (translateModule.test(file)) return null;
      const compiled = compileTranslations(code, options.dictionary);
      return compiled ? { code: compiled.code, map: null } : null;
    },
  };
}
