import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceMetres, nearest } from "./geo.ts";

const dam = { lat: 52.3731, lng: 4.8926 };
const domtoren = { lat: 52.0907, lng: 5.1214 };
const point = fc.record({
  lat: fc.double({ min: 50.5, max: 53.7, noNaN: true }),
  lng: fc.double({ min: 3.2, max: 7.3, noNaN: true }),
});

describe("distanceMetres", () => {
  it("measures Amsterdam's Dam to Utrecht's Dom tower as about 35 km", () => {
    const d = distanceMetres(dam, domtoren);
    expect(d).toBeGreaterThan(34_500);
    expect(d).toBeLessThan(35_500);
  });

  it("is zero to itself and symmetric", () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        expect(distanceMetres(a, a)).toBe(0);
        expect(distanceMetres(a, b)).toBe(distanceMetres(b, a));
      }),
    );
  });

  it("keeps the triangle inequality (within rounding)", () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        expect(distanceMetres(a, c)).toBeLessThanOrEqual(distanceMetres(a, b) + distanceMetres(b, c) + 1);
      }),
    );
  });
});

describe("nearest", () => {
  it("answers at most `limit` places within the radius, nearest first", () => {
    fc.assert(
      fc.property(
        point,
        fc.array(point, { maxLength: 40 }),
        fc.integer({ min: 1, max: 10 }),
        (o, places, limit) => {
          const found = nearest(o, places, 50_000, limit);
          expect(found.length).toBeLessThanOrEqual(limit);
          for (const p of found) expect(p.distance_m).toBeLessThanOrEqual(50_000);
          for (let i = 1; i < found.length; i++)
            expect(found[i]!.distance_m).toBeGreaterThanOrEqual(found[i - 1]!.distance_m);
          const inRange = places.filter((p) => distanceMetres(o, p) <= 50_000).length;
          expect(found.length).toBe(Math.min(limit, inRange));
        },
      ),
    );
  });
});
