import { nl } from "@etalage/core/i18n/nl-NL";
import { fillPlaceholders, t } from "@etalage/core/i18n/translate";
import { describe, expect, it } from "vitest";
import { browserDictionary, compileTranslations } from "./compile-translations.ts";

/** Runs compiled module code that ends in `const out = …`, with core's helper in scope. */
function evaluate(code: string): unknown {
  const body = code.replace(/^import .*$/gm, "").concat("\nreturn out;");
  return new Function("__etalageFillPlaceholders", "t", body)(fillPlaceholders, () => {
    throw new Error("a literal call was left to the runtime");
  });
}

const compile = (source: string) => compileTranslations(source, nl)?.code ?? source;
const keys = Object.keys(nl);

describe("compileTranslations", () => {
  it("answers what t() answers for every dictionary key, with and without placeholders", () => {
    const params = { n: 3, name: "Jas", q: "jas", total: 12, status: 2, code: "nl", option: "Maat" };
    const source = [
      'import { t } from "@etalage/core";',
      `const out = [${keys.map((k) => `t(${JSON.stringify(k)}), t(${JSON.stringify(k)}, ${JSON.stringify(params)})`).join(", ")}];`,
    ].join("\n");
    const compiled = compile(source);
    expect(compiled).not.toMatch(/\bt\("/);
    expect(evaluate(compiled)).toEqual(keys.flatMap((k) => [t(k), t(k, params)]));
  });

  it("keeps t()'s fallbacks: an unknown key is itself, a placeholder without a value stays", () => {
    const source = `import { t } from "@etalage/core";
const out = [t("No such phrase"), t("ALL {name}", {}), t("ALL {name}", undefined), t(\`Home\`)];`;
    expect(evaluate(compile(source))).toEqual([
      "No such phrase",
      t("ALL {name}", {}),
      t("ALL {name}"),
      t("Home"),
    ]);
  });

  it("rewrites only calls of core's t, under whatever local name", () => {
    const source = `import { t as tr } from "@etalage/core";
const obj = { t: (k) => "own:" + k };
const out = [tr("Home"), obj.t("Home")];`;
    expect(evaluate(compile(source))).toEqual([t("Home"), "own:Home"]);
    const notCore = `import { t } from "./somewhere-else.ts";\nconst out = [t("Home")];`;
    expect(compileTranslations(notCore, nl)).toBeUndefined();
  });

  it("leaves run-time keys and spread arguments to the runtime t()", () => {
    const source = `import { t } from "@etalage/core";
const key = "Home";
const out = [t(key), t(...["Home"])];`;
    const compiled = compileTranslations(source, nl);
    expect(compiled).toBeUndefined();
  });

  it("compiles core's own relative imports of the translate module", () => {
    const source = `import { t } from "../i18n/translate.ts";\nconst out = [t("Something went wrong")];`;
    expect(evaluate(compile(source))).toEqual([t("Something went wrong")]);
  });

  it("keeps every line where it was", () => {
    const source = `import { t } from "@etalage/core";\nconst a = t("Home",\n  { n: 1 });\nconst out = [a, t("Menu")];`;
    const lineOf = (code: string, text: string) => code.slice(0, code.indexOf(text)).split("\n").length;
    const compiled = compile(source);
    expect(lineOf(compiled, "const out")).toBe(lineOf(source, "const out"));
    expect(lineOf(compiled, "{ n: 1 }")).toBe(lineOf(source, "{ n: 1 }"));
  });
});

describe("browserDictionary", () => {
  const dictionary = {
    Home: "Startpagina",
    Menu: "Menu",
    "Price ascending": "Prijs oplopend",
    Server: "Server-nl",
  };
  const sources = [
    {
      file: "a.tsx",
      code: `import { t } from "@etalage/core";
const LABELS = { asc: "Price ascending" };
export const A = () => <p title={t("Home")}>{t("Menu")} {t(LABELS.asc)} {t("Price ascending")}</p>;`,
    },
  ];

  it("drops keys used only in literal calls and keeps table keys and keys never written", () => {
    expect(browserDictionary(sources, dictionary)).toEqual({
      "Price ascending": "Prijs oplopend",
      Server: "Server-nl",
    });
  });

  it("drops a message the server words itself (a literal call in server/src): the back office's texts stay out of the shop's pages", () => {
    const server = {
      file: "server/src/services/refusals.ts",
      code: `import { t } from "@etalage/core";\nexport const why = () => t("Server");`,
    };
    expect(Object.keys(browserDictionary([...sources, server], dictionary))).not.toContain("Server");
    const sentRaw = { file: "server/src/api/route.ts", code: `export const MESSAGE = "Server";` };
    expect(Object.keys(browserDictionary([...sources, server, sentRaw], dictionary))).toContain("Server");
  });

  it("keeps a key written anywhere else, even in another file", () => {
    const more = [...sources, { file: "b.ts", code: `export const HOME = "Home";` }];
    expect(Object.keys(browserDictionary(more, dictionary))).toContain("Home");
  });
});
