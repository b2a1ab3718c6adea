import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseStoreTime, STORE_TIME_ZONE, storeUtcOffset } from "./store-time.ts";

const utc = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe("parseStoreTime", () => {
  it.each([
    ["2024-01-01 00:00:00", "2023-12-31T23:00:00Z", 1000],
    ["2024-07-01 12:00:00", "2024-07-01T10:00:00Z", 1000],
    ["2099-12-31 23:59:59", "2099-12-31T22:59:59Z", 1000],
    ["2024-01-01 10:00", "2024-01-01T09:00:00Z", 60_000],
    ["2024-01-01T10:00:00", "2024-01-01T09:00:00Z", 1000],
    ["2024-01-01 10:00:00.250", "2024-01-01T09:00:00.250Z", 1],
    ["2024-01-01T10:00:00Z", "2024-01-01T10:00:00Z", 1000],
    ["2024-01-01T10:00:00+02:00", "2024-01-01T08:00:00Z", 1000],
    ["2024-01-01 10:00:00-0130", "2024-01-01T11:30:00Z", 1000],
    ["  2024-01-01 00:00:00 ", "2023-12-31T23:00:00Z", 1000],
  ])("reads %s as store time (Europe/Amsterdam)", (text, start, precision) => {
    expect(parseStoreTime(text)).toEqual({ start: utc(start), end: utc(start) + precision });
  });

  it.each([
    ["2024-01-31", "2024-01-30T23:00:00Z", 24],
    ["2024-03-31", "2024-03-30T23:00:00Z", 23],
    ["2024-10-27", "2024-10-26T22:00:00Z", 25],
  ])("a date alone (%s) lasts the whole store day", (text, start, hours) => {
    expect(parseStoreTime(text)).toEqual({ start: utc(start), end: utc(start) + hours * HOUR });
  });

  it("moves a wall time skipped by the spring DST change an hour on", () => {
    expect(parseStoreTime("2024-03-31 02:30:00")?.start).toBe(utc("2024-03-31T01:30:00Z"));
  });

  it("reads a wall time shown twice in autumn as its winter-time occurrence", () => {
    expect(parseStoreTime("2024-10-27 02:30:00")?.start).toBe(utc("2024-10-27T01:30:00Z"));
  });

  it.each([
    "",
    "garbage",
    "2024-02-30",
    "2023-02-29 00:00:00",
    "2024-13-01",
    "2024-01-01 24:00:00",
    "0999-01-01",
  ])("refuses %j", (text) => {
    expect(parseStoreTime(text)).toBeNull();
  });

  it("accepts 29 February in a leap year", () => {
    expect(parseStoreTime("2024-02-29 12:00:00")?.start).toBe(utc("2024-02-29T11:00:00Z"));
  });

  it("knows the offsets of winter and summer time", () => {
    expect(storeUtcOffset(utc("2024-01-15T12:00:00Z"))).toBe(HOUR);
    expect(storeUtcOffset(utc("2024-07-15T12:00:00Z"))).toBe(2 * HOUR);
  });

  const wallClock = new Intl.DateTimeFormat("sv-SE", {
    timeZone: STORE_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

  it("reads back any instant written as store wall time (except the first of a doubled autumn hour)", () => {
    const instants = fc.integer({
      min: utc("2000-01-01T00:00:00Z") / 1000,
      max: utc("2100-01-01T00:00:00Z") / 1000,
    });
    fc.assert(
      fc.property(instants, (seconds) => {
        const instant = seconds * 1000;
        const parsed = parseStoreTime(wallClock.format(instant))!;
        const doubled = storeUtcOffset(instant) === 2 * HOUR && storeUtcOffset(instant + HOUR) === HOUR;
        expect(parsed.start).toBe(doubled ? instant + HOUR : instant);
        expect(parsed.end).toBe(parsed.start + 1000);
      }),
      { numRuns: 500 },
    );
  });
});
