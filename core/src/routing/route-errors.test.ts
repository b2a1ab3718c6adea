import { describe, expect, it } from "vitest";
import { routeLoadOutcome } from "./route-errors.ts";

const offline =
  "Het product, de categorie of de pagina is offline niet beschikbaar. Je wordt doorgestuurd naar de startpagina.";

describe("route-load failures (browsing §8)", () => {
  it("an empty result goes home with the offline message", () => {
    expect(routeLoadOutcome({ message: "Product query returned empty result product status = 2" })).toEqual({
      action: "go-home",
      message: offline,
    });
  });

  it("a request that got no answer counts as an empty result", () => {
    expect(routeLoadOutcome({ message: "Failed to fetch", networkError: true })).toEqual({
      action: "go-home",
      message: offline,
    });
  });

  it("any other failure is shown with its message", () => {
    expect(routeLoadOutcome({ status: 400, message: "Ongeldige zoekopdracht" })).toEqual({
      action: "notify",
      message: "Ongeldige zoekopdracht",
    });
  });

  it("says something readable when the server hid its message", () => {
    for (const message of ["Unexpected Server Error", "", "<html><body>Bad gateway</body></html>"]) {
      expect(routeLoadOutcome({ status: 500, message })).toEqual({
        action: "notify",
        message: "Er is iets misgegaan",
      });
    }
  });

  it("a 404 is the not-found page, not a failure", () => {
    expect(routeLoadOutcome({ status: 404, message: "Not Found" })).toEqual({ action: "ignore" });
  });
});
