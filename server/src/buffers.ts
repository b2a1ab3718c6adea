/**
 * The bytes of `buffer` in memory of their own. zlib's synchronous calls answer a view of a
 * 16 KiB output chunk, and Buffers under 4 KiB are views of a shared 8 KiB pool, so a cache that
 * keeps such a view and counts its `length` holds more than it counts: a 300-byte brotli answer
 * kept 16 KiB alive (20,000 small catalogue answers counted 8 MB and held 326 MB). Caches keep
 * what this returns, so what they count is what they hold.
 */
export function owned(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(copy);
  return copy;
}

/** What a Buffer with memory of its own costs besides its bytes (its objects, the allocation). */
export const BUFFER_OVERHEAD = 100;
