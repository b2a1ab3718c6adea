import { pageTitle } from "@etalage/core";
import { data } from "react-router";
import { StorePage } from "../features/stores/store-page.tsx";
import { viewStores } from "../features/stores/store-view.ts";
import { servicesContext } from "../lib/server-context.ts";
import type { Route } from "./+types/store";

/** /storelocator/{id}: one store's address, hours, special days and services (issue 18). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const locator = services.storeLocator();
  const store = viewStores(locator, Date.now(), null).find((s) => s.id === params.storeId);
  if (!store) throw data(null, { status: 404 });
  return {
    store,
    map: locator.map,
    stores: locator.stores,
    publicUrl: services.publicUrl.replace(/\/+$/, ""),
  };
}

export function headers() {
  return { "cache-control": "no-cache" };
}

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { store, publicUrl } = loaderData;
  return [
    { title: pageTitle(store.name) },
    { name: "description", content: `${store.name}, ${store.street}, ${store.postcode} ${store.city}` },
    { tagName: "link", rel: "canonical", href: `${publicUrl}/storelocator/${store.id}` },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "ClothingStore",
        name: store.name,
        telephone: store.phone,
        email: store.email,
        url: `${publicUrl}/storelocator/${store.id}`,
        address: {
          "@type": "PostalAddress",
          streetAddress: store.street,
          postalCode: store.postcode,
          addressLocality: store.city,
          addressCountry: store.country_id,
        },
        geo: { "@type": "GeoCoordinates", latitude: store.lat, longitude: store.lng },
        openingHoursSpecification: store.opening_hours
          .filter((h) => h.open && h.close)
          .map((h) => ({
            "@type": "OpeningHoursSpecification",
            dayOfWeek: `https://schema.org/${DAYS[h.day - 1]}`,
            opens: h.open,
            closes: h.close,
          })),
      },
    },
  ];
}

export default function Store({ loaderData }: Route.ComponentProps) {
  return <StorePage {...loaderData} />;
}
