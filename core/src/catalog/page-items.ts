/**
 * What a listing's pagination shows (browsing §2, §9 "Pagination shows 3 pages", issue 14): the
 * first and the last page always, the pages around the current one, and a gap where more than one
 * page lies between two shown ones. Page 3 of 40 reads "1 2 3 4 … 40", page 20 "1 … 19 20 21 … 40".
 */
export type PageItem = { kind: "page"; page: number } | { kind: "gap"; after: number };

/**
 * The pages to show, in order. `around` pages sit around the current one (shifted inward at the
 * ends, so page 1 of 40 shows 1 2 3 … 40); a gap hiding one page shows that page instead.
 */
export function pageItems(current: number, pageCount: number, around = 3): PageItem[] {
  const count = Math.max(1, Math.floor(pageCount));
  const page = Math.min(Math.max(1, Math.floor(current) || 1), count);
  const window = Math.max(1, Math.floor(around));
  const first = Math.max(1, Math.min(page - Math.floor(window / 2), count - window + 1));
  const shown = new Set<number>([1, count]);
  for (let n = first; n < first + window && n <= count; n++) shown.add(n);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((n, i) => {
    const before = pages[i - 1];
    if (before !== undefined && n - before === 2) items.push({ kind: "page", page: n - 1 });
    else if (before !== undefined && n - before > 2) items.push({ kind: "gap", after: before });
    items.push({ kind: "page", page: n });
  });
  return items;
}
