import { pageTitle, t } from "@etalage/core";
import { data } from "react-router";
import { StoreLocatorPage } from "../features/stores/store-locator-page.tsx";
import { type StoreLocatorView, viewStores } from "../features/stores/store-view.ts";
import { servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/storelocator";

/** /storelocator (browsing §2 route table; issue 18): every store, or the nearest first. */
export async function loader({ context, url }: Route.LoaderArgs): Promise<StoreLocatorView> {
  const services = context.get(servicesContext);
  const locator = services.storeLocator();
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 64);
  const lat = Number(url.searchParams.get("lat"));
  const lng = Number(url.searchParams.get("lng"));
  const byPosition =
    url.searchParams.has("lat") &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180;
  const place = q ? services.locatePlace(q) : byPosition ? { lat, lng, label: "" } : null;
  return {
    q,
    place: place && { label: place.label },
    notFound: q !== "" && !place,
    nearMe: !q && byPosition,
    map: locator.map,
    stores: viewStores(locator, Date.now(), place),
  };
}

/** Opening states change by the minute: not kept in the HTML cache. */
export function headers() {
  return { "cache-control": "no-cache" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(t("Our stores")) },
    { name: "description", content: t("Find a store") },
    ...(loaderData?.q || loaderData?.nearMe ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

export default function StoreLocator({ loaderData }: Route.ComponentProps) {
  if (!loaderData) throw data(null, { status: 404 });
  return <StoreLocatorPage {...loaderData} />;
}
