/**
 * Text rules of autocomplete and "did you mean" (issue 16): the typed part of a suggestion is
 * marked as Elevate marks it (`{{jea}}ns`), and a misspelt word is corrected to the nearest word
 * the shop knows.
 */

/** Lowercase, diacritics gone: "Suède" and "suede" are one word. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/**
 * `phrase` with the typed `q` marked: each word of the phrase that starts with a word of `q` has
 * that start wrapped in `{{…}}`. Nothing typed, nothing marked. Braces in the phrase are dropped,
 * so a mark is never ambiguous.
 */
export function highlightPhrase(phrase: string, q: string): string {
  const clean = phrase.replace(/[{}]/g, "");
  const typed = foldText(q).split(/\s+/).filter(Boolean);
  if (typed.length === 0) return clean;
  return clean.replace(/\S+/g, (word) => {
    const folded = foldText(word);
    let best = 0;
    for (const t of typed)
      if (t.length > best && folded.startsWith(t) && t.length <= word.length) best = t.length;
    return best > 0 ? `{{${word.slice(0, best)}}}${word.slice(best)}` : word;
  });
}

/** Damerau–Levenshtein (optimal string alignment) distance, giving up above `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let prev2 = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i++) {
    const current = new Array<number>(cols).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, current[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, prev2[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = current;
  }
  return prev[cols - 1]!;
}

/** Edits a word of this length may be away and still count as meant (browsing §9: fuzziness 2). */
export function allowedEdits(word: string): number {
  return word.length <= 3 ? 0 : word.length <= 6 ? 1 : 2;
}

/**
 * The word of `vocabulary` (word → how common) nearest to `word`, or undefined when the word is
 * known itself or nothing is near enough. Fewer edits win, then the commoner word, then the
 * alphabetically first, so the answer does not depend on the vocabulary's order.
 */
export function correctWord(word: string, vocabulary: ReadonlyMap<string, number>): string | undefined {
  const folded = foldText(word);
  if (vocabulary.has(folded)) return undefined;
  const max = allowedEdits(folded);
  if (max === 0) return undefined;
  let best: { word: string; edits: number; count: number } | undefined;
  for (const [candidate, count] of vocabulary) {
    const edits = editDistance(folded, candidate, max);
    if (edits > max) continue;
    if (
      !best ||
      edits < best.edits ||
      (edits === best.edits && (count > best.count || (count === best.count && candidate < best.word)))
    )
      best = { word: candidate, edits, count };
  }
  return best?.word;
}
