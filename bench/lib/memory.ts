/**
 * Heap figures after a forced collection. Without `--expose-gc` (the npm script passes it) the
 * figure would include garbage of whatever ran before, so it is marked as such rather than faked.
 */

const gc = (globalThis as { gc?: () => void }).gc;

export const canForceGc = typeof gc === "function";

/** Collects twice: the first pass can leave objects that only become unreachable through finalizers. */
function forceGc(): void {
  gc?.();
  gc?.();
}

/** `heapUsed` in bytes after a forced collection. */
export function heapUsedAfterGc(): number {
  forceGc();
  return process.memoryUsage().heapUsed;
}

/**
 * Typed-array backing stores live outside the JS heap (`arrayBuffers`), and an index of bitsets
 * and postings keeps much of its data there: report both, or `heapUsed` flatters it.
 */
export function memoryAfterGc(): { heapUsed: number; arrayBuffers: number } {
  forceGc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heapUsed, arrayBuffers };
}

export const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
