import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha1 } from "./sha1.ts";

describe("sha1", () => {
  it.each([
    ["", "da39a3ee5e6b4b0d3255bfef95601890afd80709"],
    ["abc", "a9993e364706816aba3e25717850c26c9cd0d89d"],
    ["abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"],
  ])("gives the published digest of %j", (input, digest) => {
    expect(sha1(input)).toBe(digest);
  });

  it("agrees with Node's crypto for any text, multi-byte characters and block edges included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        expect(sha1(text)).toBe(createHash("sha1").update(text, "utf8").digest("hex"));
      }),
    );
    for (let n = 50; n < 70; n++) {
      const text = "x".repeat(n);
      expect(sha1(text)).toBe(createHash("sha1").update(text).digest("hex"));
    }
  });
});
