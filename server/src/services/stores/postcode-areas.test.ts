import { distanceMetres } from "@etalage/core";
import { describe, expect, it } from "vitest";
import { locatePlace } from "./locator.ts";
import { locatePostcodeArea } from "./postcode-areas.ts";
import { STORES } from "./stores-data.ts";

const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceMetres(a, b) / 1000;

describe("the four-digit postcode table", () => {
  it("places every area from 1000 to 9999 inside the Netherlands", () => {
    for (let area = 1000; area <= 9999; area++) {
      const at = locatePostcodeArea(area);
      expect(at, String(area)).not.toBeNull();
      expect(at?.lat).toBeGreaterThan(50.7);
      expect(at?.lat).toBeLessThan(53.6);
      expect(at?.lng).toBeGreaterThan(3.3);
      expect(at?.lng).toBeLessThan(7.3);
    }
  });

  it("puts a city's areas at that city (each store's own postcode within a few km of the store)", () => {
    for (const store of STORES) {
      const at = locatePostcodeArea(Number(store.postcode.slice(0, 4)));
      expect(at && km(at, store), `${store.city} ${store.postcode}`).toBeLessThan(6);
    }
  });

  it("tells apart places that share a two-digit region", () => {
    // Region 43: Zierikzee, Middelburg and Vlissingen; region 34: IJsselstein, Nieuwegein, Woerden.
    expect(locatePostcodeArea(4301)?.place).toBe("Zierikzee");
    expect(locatePostcodeArea(4333)?.place).toBe("Middelburg");
    expect(locatePostcodeArea(4382)?.place).toBe("Vlissingen");
    const woerden = locatePostcodeArea(3441);
    const nieuwegein = locatePostcodeArea(3431);
    expect(woerden && nieuwegein && km(woerden, nieuwegein)).toBeGreaterThan(10);
    // The islands lie far from their region's centre.
    expect(locatePostcodeArea(1791)?.place).toBe("Den Burg");
    expect(locatePostcodeArea(9166)?.place).toBe("Schiermonnikoog");
  });
});

describe("locatePlace", () => {
  it("finds a postcode, a store's city and a town without a store", () => {
    expect(locatePlace("3441 AB")?.label).toBe("3441 AB");
    expect(locatePlace("utrecht")?.label).toBe("Utrecht");
    const woerden = locatePlace("Woerden");
    expect(woerden?.label).toBe("Woerden");
    // The nearest store to Woerden is Utrecht's, not Amsterdam's or Rotterdam's.
    const nearest = [...STORES].sort((a, b) => km(a, woerden!) - km(b, woerden!))[0];
    expect(nearest?.city).toBe("Utrecht");
    expect(locatePlace("Den Haag")?.label).toBe("Den Haag");
    expect(locatePlace("xyzzy")).toBeNull();
  });
});
