import { describe, expect, it } from "vitest";
import { ALLOCATOR_ENV, allocatorEnv } from "./allocator.ts";

describe("allocatorEnv", () => {
  it("gives the shop's malloc settings on Linux when nobody chose any", () => {
    expect(allocatorEnv({}, "linux")).toEqual(ALLOCATOR_ENV);
    expect(ALLOCATOR_ENV).toEqual({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" });
  });

  it("leaves an operator's own choice alone, an empty value included", () => {
    for (const name of ["MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_", "GLIBC_TUNABLES", "LD_PRELOAD"]) {
      expect(allocatorEnv({ [name]: "x" }, "linux")).toEqual({});
      expect(allocatorEnv({ [name]: "" }, "linux")).toEqual({});
    }
  });

  it("adds nothing where there is no glibc arena to tune", () => {
    expect(allocatorEnv({}, "darwin")).toEqual({});
    expect(allocatorEnv({}, "win32")).toEqual({});
  });
});
