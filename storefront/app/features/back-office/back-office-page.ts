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
  load?(request: Request): Promise<Data>;
  act?(form: FormData): Promise<Result | Response>;
  /** After its form was sent the page shows the answer instead of loading again (a used invitation is gone). */
  keepAfterAction?: boolean;
  View(props: { data: Data; result: Result | undefined }): ReactNode;
}

/** Types a page module's `page` (its Data and Result inferred from `load` and `act`). */
export const backOfficePage = <Data, Result>(page: BackOfficePage<Data, Result>) => page;
