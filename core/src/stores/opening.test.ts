import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hoursOn, openingState, storeClock, upcomingSpecialDays } from "./opening.ts";

const week = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
  day,
  open: day === 7 ? null : day === 1 ? "12:00" : "10:00",
  close: day === 7 ? null : day === 4 ? "21:00" : "18:00",
}));
const store = {
  opening_hours: week,
  special_hours: [{ date: "2026-12-25", label: "Eerste kerstdag", open: null, close: null }],
};

describe("storeClock", () => {
  it("reads the Amsterdam wall clock in winter and in summer", () => {
    expect(storeClock(Date.parse("2026-11-25T16:30:00Z"))).toEqual({
      date: "2026-11-25",
      weekday: 3,
      time: "17:30",
    });
    expect(storeClock(Date.parse("2026-07-05T22:30:00Z"))).toEqual({
      date: "2026-07-06",
      weekday: 1,
      time: "00:30",
    });
  });
});

describe("openingState", () => {
  it("is open until closing time, closed after and on a closed day", () => {
    expect(openingState(store, Date.parse("2026-11-25T16:30:00Z"))).toEqual({ open: true, until: "18:00" });
    expect(openingState(store, Date.parse("2026-11-25T17:00:00Z"))).toEqual({ open: false });
    expect(openingState(store, Date.parse("2026-11-26T19:00:00Z"))).toEqual({ open: true, until: "21:00" });
    expect(openingState(store, Date.parse("2026-11-29T12:00:00Z"))).toEqual({ open: false });
    expect(openingState(store, Date.parse("2026-11-23T08:00:00Z"))).toEqual({
      open: false,
      opensAt: "12:00",
    });
  });

  it("follows a special day over the weekday", () => {
    expect(hoursOn(store, "2026-12-25", 5)).toMatchObject({ label: "Eerste kerstdag", open: null });
    expect(openingState(store, Date.parse("2026-12-25T12:00:00Z"))).toEqual({ open: false });
  });

  it("is open exactly when the store clock lies within the day's hours", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse("2026-01-01"), max: Date.parse("2027-12-31") }), (instant) => {
        const { date, weekday, time } = storeClock(instant);
        const hours = hoursOn(store, date, weekday);
        const within = !!hours.open && !!hours.close && time >= hours.open && time < hours.close;
        expect(openingState(store, instant).open).toBe(within);
      }),
    );
  });
});

describe("upcomingSpecialDays", () => {
  it("keeps today and later, in date order", () => {
    const days = [
      { date: "2026-12-31", label: "b", open: null, close: null },
      { date: "2026-01-01", label: "old", open: null, close: null },
      { date: "2026-12-25", label: "a", open: null, close: null },
    ];
    expect(upcomingSpecialDays(days, Date.parse("2026-11-25T12:00:00Z")).map((d) => d.label)).toEqual([
      "a",
      "b",
    ]);
  });
});
