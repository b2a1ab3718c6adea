import { t } from "@etalage/core";
import { Form, useNavigate } from "react-router";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { StoreList } from "./store-list.tsx";
import { StoreMap } from "./store-map.tsx";
import { StoreSearchFields, storesHeading, useLocateMe } from "./store-search.tsx";
import type { StoreLocatorView } from "./store-view.ts";
import "./stores.css";

export function StoreLocatorPage({ q, place, notFound, nearMe, map, stores }: StoreLocatorView) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { locating, locate } = useLocateMe((url) => void navigate(url));
  const heading = storesHeading(place, nearMe);

  return (
    <div className="container store-locator">
      <h1>{t("Our stores")}</h1>
      <Form method="get" action="/storelocator" className="store-search" role="search">
        <StoreSearchFields
          inputId="store-q"
          input={{ defaultValue: q }}
          locating={locating}
          onLocate={hydrated ? locate : undefined}
          notFoundQuery={notFound ? q : undefined}
        />
      </Form>
      <div className="store-locator__layout">
        <section aria-labelledby="store-list-title">
          <h2 id="store-list-title">{heading}</h2>
          <StoreList stores={stores} />
        </section>
        <StoreMap
          map={map}
          stores={stores}
          current={stores[0] && (place || nearMe) ? stores[0].id : undefined}
        />
      </div>
    </div>
  );
}
