import { storeUtcOffset } from "../catalog/store-time.ts";

/** A store's hours in the contract's shape (`/api/ext/vsf-storelocator/stores`). */
export interface WeekHours {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  day: number;
  open: string | null;
  close: string | null;
}

export interface DayHours {
  date: string;
  label: string;
  open: string | null;
  close: string | null;
}

export interface StoreHours {
  opening_hours: readonly WeekHours[];
  special_hours?: readonly DayHours[];
}

/** The store's wall clock at an instant (Europe/Amsterdam): its date, ISO weekday and `HH:mm`. */
export function storeClock(instant: number): { date: string; weekday: number; time: string } {
  const local = new Date(instant + storeUtcOffset(instant));
  const date = local.toISOString().slice(0, 10);
  const time = local.toISOString().slice(11, 16);
  const weekday = ((local.getUTCDay() + 6) % 7) + 1;
  return { date, weekday, time };
}

/** The hours that hold on a date: a special day's, else the weekday's. */
export function hoursOn(
  store: StoreHours,
  date: string,
  weekday: number,
): { open: string | null; close: string | null; label?: string } {
  const special = store.special_hours?.find((d) => d.date === date);
  if (special) return special;
  return store.opening_hours.find((h) => h.day === weekday) ?? { open: null, close: null };
}

export type OpeningState = { open: true; until: string } | { open: false; opensAt?: string };

/**
 * Open now, and until when ('Nu open tot 18:00'), or closed ('Gesloten'), at `instant` on the
 * store's own clock. Times are `HH:mm`, so they compare as text.
 */
export function openingState(store: StoreHours, instant: number): OpeningState {
  const { date, weekday, time } = storeClock(instant);
  const today = hoursOn(store, date, weekday);
  if (today.open && today.close && time >= today.open && time < today.close)
    return { open: true, until: today.close };
  if (today.open && today.close && time < today.open) return { open: false, opensAt: today.open };
  return { open: false };
}

/** The special days from today on, at most `limit`, in date order. */
export function upcomingSpecialDays<T extends DayHours>(
  days: readonly T[] | undefined,
  instant: number,
  limit = 5,
): T[] {
  const { date } = storeClock(instant);
  return (days ?? [])
    .filter((d) => d.date >= date)
    .toSorted((a, b) => a.date.localeCompare(b.date))
    .slice(0, limit);
}

/** The weekdays' dictionary keys, Monday first (ISO weekday - 1): the store page and an order's pick-up. */
export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
