/**
 * Whether this process is draining: it got SIGTERM and serves on for SHUTDOWN_DRAIN_MS while its
 * health check answers 503, so a load balancer takes it out of its turn before it stops taking
 * connections (README "Several instances"). Process state by nature: main.ts sets it once.
 */
export const lifecycle = { draining: false };
