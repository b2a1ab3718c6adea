import { elevate } from "@apptus/esales-api";

/**
 * The origin the official client calls for ELEVATE_CLUSTER_ID (an id such as `w00000000`, or a
 * URL), resolved by the client itself so the shop's CSP and checks name exactly where it goes.
 */
export function clusterOrigin(clusterId: string): string {
  const { clusterUrl } = elevate({
    clusterId,
    market: "NL",
    locale: "nl-NL",
    touchpoint: "desktop",
    session: () => ({ customerKey: "etalage", sessionKey: "etalage" }),
  });
  return new URL(clusterUrl).origin;
}

/** One client per cluster for the server's own lookups: anonymous, and without events. */
const clients = new Map<string, ReturnType<typeof elevate>>();
function client(clusterId: string) {
  let made = clients.get(clusterId);
  if (!made) {
    made = elevate({
      clusterId,
      market: "NL",
      locale: "nl-NL",
      touchpoint: "desktop",
      session: () => ({ customerKey: "etalage-server", sessionKey: "etalage-server" }),
    });
    clients.set(clusterId, made);
  }
  return made;
}

/**
 * Where the cluster sends a search for `q` (its search redirects, managed in Elevate): the
 * `redirectLink` of an autocomplete for the phrase, as Elevate's own search box reads it.
 */
export async function clusterRedirect(clusterId: string, q: string): Promise<string | undefined> {
  const answer = await client(clusterId).query.autocomplete({ q, notify: false });
  return answer.redirectLink || undefined;
}
