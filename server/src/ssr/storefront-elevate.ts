import type {
  elevate as createElevate,
  FacetParams,
  LandingPageBody,
  LandingPageParams,
} from "@apptus/esales-api";
import type { StorefrontElevate } from "@etalage/storefront/server-context";
import type { CatalogIndex } from "../catalog-index/catalog-index.ts";
import { subPages } from "../providers/recommendations/landing-lookups.ts";
import { ElevateError, type ElevateService, facetsOf } from "../providers/recommendations/service.ts";

/** Server-rendered pages are the same for every shopper: no personal keys, no events. */
const SSR_VISITOR = { customerKey: "etalage-ssr", sessionKey: "etalage-ssr", notify: false };

/** Elevate for SSR loaders: in-process by default, the official client for a configured cluster. */
export function storefrontElevate(
  elevate: ElevateService,
  catalog: CatalogIndex,
  clusterId: string | undefined,
  log: (message: string, error: unknown) => void,
): StorefrontElevate {
  let remote: Promise<ReturnType<typeof createElevate>> | undefined;
  const client = () =>
    (remote ??= import("@apptus/esales-api").then(({ elevate: create }) =>
      create({
        clusterId: clusterId!,
        market: "NL",
        locale: "nl-NL",
        touchpoint: "desktop",
        session: () => SSR_VISITOR,
      }),
    ));
  return {
    clusterId: clusterId ?? null,
    async landingPage(params: LandingPageParams, body: LandingPageBody) {
      try {
        if (clusterId) return await (await client()).query.landingPage({ ...params, notify: false }, body);
        const { facets, ...rest } = params;
        return await elevate.landingPage(rest, facetsOf(facetQuery(facets)), body as never, SSR_VISITOR);
      } catch (error) {
        if (!(error instanceof ElevateError)) log("Elevate landing page failed", error);
        return null;
      }
    },
    subPages: (urlPath) =>
      subPages(catalog, urlPath).map((p) => ({
        url_path: p.url_path,
        ...(p.title ? { title: p.title } : {}),
      })),
  };
}

/** The client's `facets` as the `f.*` query it would send. */
function facetQuery(facets: FacetParams | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, value] of Object.entries(facets ?? {})) {
    if (Array.isArray(value)) out[`f.${id}`] = value.join("|");
    else if (typeof value === "object") {
      if (value.min !== undefined) out[`f.${id}.min`] = String(value.min);
      if (value.max !== undefined) out[`f.${id}.max`] = String(value.max);
    } else out[`f.${id}`] = String(value);
  }
  return out;
}
