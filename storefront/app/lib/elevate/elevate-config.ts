/**
 * Where the browser's Elevate client goes (ELEVATE_CLUSTER_ID, or this shop when null). Apart
 * from the client so the layout can set it without loading any recommendation code.
 */
let cluster: string | null = null;

export function configureElevate(value: string | null | undefined): void {
  cluster = value ?? null;
}

export function elevateCluster(): string | null {
  return cluster;
}
