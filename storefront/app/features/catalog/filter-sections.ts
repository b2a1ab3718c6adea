import { useState } from "react";

/** Section id → collapsed. */
export type CollapsedSections = Readonly<Record<string, boolean>>;

export interface SectionSetting {
  id: string;
  /** Filter settings' isCollapsed (browsing §3). */
  collapsed: boolean;
}

/**
 * Where the sections start (browsing §4): those not collapsed start open; an accordion without
 * `multiple` keeps only the first of them open.
 */
function initialSections(sections: readonly SectionSetting[], multiple: boolean): CollapsedSections {
  const state: Record<string, boolean> = {};
  let opened = false;
  for (const section of sections) {
    state[section.id] = section.collapsed || (!multiple && opened);
    if (!state[section.id]) opened = true;
  }
  return state;
}

/** A toggle flips isCollapsed; opening a section of a single-open accordion collapses the others. */
function toggleSection(state: CollapsedSections, id: string, multiple: boolean): CollapsedSections {
  const opening = state[id] !== false;
  if (multiple || !opening) return { ...state, [id]: !opening };
  const next: Record<string, boolean> = {};
  for (const key of Object.keys(state)) next[key] = true;
  next[id] = false;
  return next;
}

/**
 * The collapsed state of a filter panel's sections; a section appearing later starts as set.
 * `sync` takes a section's new open state from its `<details>` toggle event, so the native
 * control (which also works before hydration) and this state never disagree.
 */
export function useFilterSections(sections: readonly SectionSetting[], multiple: boolean) {
  const [state, setState] = useState(() => initialSections(sections, multiple));
  const withNew = (current: CollapsedSections): CollapsedSections => {
    const full: Record<string, boolean> = { ...current };
    for (const section of sections) full[section.id] ??= section.collapsed;
    return full;
  };
  return {
    isOpen: (id: string) => withNew(state)[id] === false,
    sync: (id: string, open: boolean) =>
      setState((current) => {
        const full = withNew(current);
        return full[id] === !open ? current : toggleSection(full, id, multiple);
      }),
  };
}
