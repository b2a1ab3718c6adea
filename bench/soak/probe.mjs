/**
 * A diagnostic preload for the soak's server (`node --import bench/soak/probe.mjs …`, only with an
 * IPC channel): answers the benchmark with the request thread's heap figures and, when asked,
 * writes heap snapshots of the request thread and of every render thread. It changes nothing the
 * shop does; without `process.send` (no IPC channel) it does nothing at all.
 *
 * Messages in: `{type: "memory"}`, `{type: "snapshot", dir, label}`, `{type: "gc"}` (only with
 * `--expose-gc`). Each is answered with a message of the same type.
 *
 * Render threads are Piscina workers, which Node starts without the main thread's preloads, so
 * their snapshots are taken from here: `Worker` is wrapped (before the server imports Piscina) to
 * remember every thread started, and `worker.getHeapSnapshot()` streams each thread's heap.
 */
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import v8 from "node:v8";
import workerThreads from "node:worker_threads";

if (process.send && workerThreads.isMainThread) {
  const workers = new Set();
  const Original = workerThreads.Worker;
  workerThreads.Worker = class TrackedWorker extends Original {
    constructor(...args) {
      super(...args);
      workers.add(this);
      this.once("exit", () => workers.delete(this));
    }
  };
  syncBuiltinESMExports();

  const memory = () => {
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    return {
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      mallocedMemory: heap.malloced_memory,
      peakMallocedMemory: heap.peak_malloced_memory,
      renderThreads: workers.size,
    };
  };

  async function snapshot(dir, label) {
    await mkdir(dir, { recursive: true });
    const files = [v8.writeHeapSnapshot(path.join(dir, `${label}-request-thread.heapsnapshot`))];
    let n = 0;
    for (const worker of workers) {
      const file = path.join(dir, `${label}-render-thread-${++n}.heapsnapshot`);
      await pipeline(await worker.getHeapSnapshot(), createWriteStream(file));
      files.push(file);
    }
    return files;
  }

  process.on("message", (message) => {
    if (message?.type === "memory") process.send({ type: "memory", memory: memory() });
    else if (message?.type === "gc") {
      globalThis.gc?.();
      process.send({ type: "gc", collected: typeof globalThis.gc === "function" });
    } else if (message?.type === "snapshot")
      snapshot(message.dir, message.label).then(
        (files) => process.send({ type: "snapshot", files }),
        (error) => process.send({ type: "snapshot", files: [], error: String(error) }),
      );
  });
  // The channel must not keep a server that is shutting down alive.
  process.channel?.unref();
}
