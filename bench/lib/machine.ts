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
  };
}
