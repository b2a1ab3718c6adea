import type { ReactNode } from "react";

/**
 * One page of the back office (routes/beheer.tsx picks it by path): what it loads in the browser,
 * what its form does, and how it shows. A page is a module of its own, loaded only on its path.
 */
// Methods, not function properties: a page of its own Data and Result is a BackOfficePage of
// unknown ones (routes/beheer.tsx holds them all), which function properties would refuse.
export interface BackOfficePage<Data = unknown, Result = unknown> {
  /** In Dutch: a literal t() call, which the build compiles (the shop's dictionary does not grow). */
  title: string;
  /** `params`: what the path's `:name` segments took (`bestellingen/:nummer`). */
  load?(request: Request, params: PageParams): Promise<Data>;
  act?(form: FormData, params: PageParams): Promise<Result | Response>;
  /** After its form was sent the page shows the answer instead of loading again (a used invitation is gone). */
  keepAfterAction?: boolean;
  View(props: { data: Data; result: Result | undefined }): ReactNode;
}

/** Types a page module's `page` (its Data and Result inferred from `load` and `act`). */
export const backOfficePage = <Data, Result>(page: BackOfficePage<Data, Result>) => page;

export type PageParams = Readonly<Record<string, string>>;

/**
 * The page of `path` (below /beheer, no slashes at the ends) among `patterns`: an exact one first,
 * else one whose `:name` segments take one segment each of the path, e.g. `bestellingen/:nummer`.
 */
export function matchPage<T>(
  patterns: Readonly<Record<string, T>>,
  path: string,
): { page: T; params: PageParams } | undefined {
  const exact = Object.hasOwn(patterns, path) ? patterns[path] : undefined;
  if (exact !== undefined) return { page: exact, params: {} };
  const parts = path.split("/");
  for (const [pattern, page] of Object.entries(patterns)) {
    const want = pattern.split("/");
    if (!pattern.includes(":") || want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = want.every((segment, i) => {
      const part = parts[i]!;
      if (!segment.startsWith(":")) return segment === part;
      params[segment.slice(1)] = part;
      return part !== "";
    });
    if (fits) return { page, params };
  }
  return undefined;
}
