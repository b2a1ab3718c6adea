import os from "node:os";

/** The machine a result was measured on, so figures from different machines are not compared blindly. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    availableParallelism: os.availableParallelism(),
    cpuModel: cpus[0]?.model ?? "unknown",
    totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    v8: process.versions.v8,
    execArgv: process.execArgv,
    /** 1, 5 and 15 minute load averages: other work on a 2-core machine skews every figure. */
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
