/**
 * Dutch text analysis shared by the index and the query (browsing §9 full text): lowercase,
 * diacritics stripped (suède → suede), Snowball Dutch stems (schoenen → schoen, blauwe → blauw,
 * sneakers → sneaker) with doubled end consonants undone (jassen → jas), and stop words dropped.
 */
import { stemmer } from "@orama/stemmers/dutch";

/** Words that carry no product meaning; kept out of the index and out of minimum_should_match. */
const STOP_WORDS = new Set(
  "de het een en of met van voor in op aan te bij om uit tot als door naar over per zonder the and with for".split(
    " ",
  ),
);

const APOSTROPHE_S = /['’`]s\b/g;
const APOSTROPHES = /['’`]/g;
const DIACRITICS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const DOUBLED_END = /([bcdfghjklmnpqrstvwxz])\1$/;

/** Lowercase, no diacritics, "polo's" → "polo". */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(DIACRITICS, "")
    .replace(APOSTROPHE_S, "")
    .replace(APOSTROPHES, "");
}

/** A word as written, normalised, with the words of a hyphenated form joined ("t-shirt" also as "tshirt"). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const chunk of normalize(text).split(/\s+/)) {
    const parts = chunk.split(SEPARATORS).filter(Boolean);
    out.push(...parts);
    const joined = hyphenJoined(chunk);
    if (joined) out.push(joined);
  }
  return out;
}

/** "t-shirt" → "tshirt"; undefined for anything that is not words joined by hyphens. */
export function hyphenJoined(chunk: string): string | undefined {
  if (!/^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)+$/u.test(chunk)) return undefined;
  return chunk.replaceAll("-", "");
}

/** Words of a normalised chunk without joining. */
export function splitWords(chunk: string): string[] {
  return chunk.split(SEPARATORS).filter(Boolean);
}

export const isStopWord = (token: string) => STOP_WORDS.has(token);

const stemCache = new Map<string, string>();

/** The index term of a normalised word. Digits-only and short words are left as they are. */
export function stem(token: string): string {
  const cached = stemCache.get(token);
  if (cached !== undefined) return cached;
  let out = token;
  if (token.length > 3 && !/^\d+$/.test(token)) {
    out = stemmer(token);
    const doubled = DOUBLED_END.exec(out);
    if (doubled && out.length > 3) out = out.slice(0, -1);
  }
  if (stemCache.size > 50_000) stemCache.clear();
  stemCache.set(token, out);
  return out;
}

/** Dutch diminutive endings, longest first: "truitje" → "trui", "jasje" → "jas", "bloempje" → "bloem". */
const DIMINUTIVES = ["etjes", "etje", "tjes", "pjes", "tje", "pje", "jes", "je"];

/** Candidate bases of a diminutive; the caller keeps only those the index knows. */
export function diminutiveBases(token: string): string[] {
  const out: string[] = [];
  for (const suffix of DIMINUTIVES) {
    if (token.endsWith(suffix) && token.length - suffix.length >= 3) out.push(token.slice(0, -suffix.length));
  }
  return out;
}

/**
 * The edits a term may be off by, scaled with its length like Elasticsearch's AUTO fuzziness
 * (browsing §9 "fuzziness 2" is the ceiling): none up to 3 letters, 1 up to 6, else 2.
 */
export function maxEdits(term: string): number {
  if (term.length <= 3) return 0;
  if (term.length <= 6) return 1;
  return 2;
}
