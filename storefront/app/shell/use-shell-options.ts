import { useMatches } from "react-router";

/**
 * What a route may ask of the layout around it, through its `handle` export, e.g. checkout:
 * `export const handle: ShellHandle = { shell: { hideFooter: true, hideMobileHeader: true } }`.
 */
export interface ShellOptions {
  hideFooter?: boolean;
  hideMobileHeader?: boolean;
  hideSellingPoints?: boolean;
  /** The checkout's own header (back to the cart, the logo) instead of the shop's menu and search. */
  checkoutHeader?: boolean;
}

export interface ShellHandle {
  shell?: ShellOptions;
}

/** The options of every matched route merged, the deepest route winning. */
export function useShellOptions(): ShellOptions {
  const matches = useMatches();
  const options: ShellOptions = {};
  for (const match of matches) Object.assign(options, (match.handle as ShellHandle | undefined)?.shell);
  return options;
}
