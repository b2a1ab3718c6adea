/** Cards a row of a product carousel holds where it is laid out as a grid (from 1024 px). */
export const CAROUSEL_GRID_COLUMNS = 4;

/**
 * How many of `count` cards a carousel shows as a grid (issue 14: seven cards in four columns left
 * a hole): whole rows only, so 7 show 4 and 8 show 8. Fewer cards than a row show as they are.
 * On phones the carousel scrolls sideways and shows every card.
 */
export function wholeRowCount(count: number, columns: number = CAROUSEL_GRID_COLUMNS): number {
  const n = Math.max(0, Math.floor(count));
  const per = Math.max(1, Math.floor(columns));
  return n < per ? n : n - (n % per);
}
