import { t } from "@etalage/core";
import { type FormEvent, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Dialog } from "../../ui/dialog.tsx";
import { StoreList } from "./store-list.tsx";
import { StoreMap } from "./store-map.tsx";
import { StoreSearchFields, storesHeading, useLocateMe } from "./store-search.tsx";
import type { StoreLocatorView } from "./store-view.ts";
import "./stores.css";

/**
 * The store-list and store-locator modals (browsing §2): the stores with the map, as on
 * /storelocator, whose loader answers them (`useFetcher`), so the modals add no call of their own.
 * The locator adds the search by postcode or city and "use my location".
 */
export function StoresModal({
  title,
  search,
  initialQuery = "",
  close,
}: {
  title: string;
  search: boolean;
  initialQuery?: string;
  close: () => void;
}) {
  const fetcher = useFetcher<StoreLocatorView>();
  const [q, setQ] = useState(initialQuery);
  const { load } = fetcher;
  const { locating, locate, reset } = useLocateMe((url) => void load(url));

  useEffect(() => {
    void load(initialQuery ? `/storelocator?q=${encodeURIComponent(initialQuery)}` : "/storelocator");
  }, [load, initialQuery]);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset();
    void load(q.trim() ? `/storelocator?q=${encodeURIComponent(q.trim())}` : "/storelocator");
  };

  const data = fetcher.data;
  const heading = storesHeading(data?.place, data?.nearMe);
  const sorted = Boolean(data?.place || data?.nearMe);

  return (
    <Dialog title={title} onClose={close} size="large">
      <div className="stores-modal">
        {search && (
          <form className="store-search" onSubmit={onSearch}>
            <StoreSearchFields
              inputId="stores-modal-q"
              input={{ value: q, onChange: (event) => setQ(event.target.value) }}
              locating={locating}
              onLocate={locate}
              notFoundQuery={data?.notFound ? data.q : undefined}
            />
          </form>
        )}
        {!data ? (
          <p role="status">{t("Loading...")}</p>
        ) : (
          <div className="stores-modal__layout">
            <section aria-labelledby="stores-modal-list">
              <h3 id="stores-modal-list" className="stores-modal__heading" aria-live="polite">
                {heading}
              </h3>
              <StoreList stores={data.stores} headingLevel={4} onNavigate={close} />
            </section>
            <StoreMap
              map={data.map}
              stores={data.stores}
              current={sorted ? data.stores[0]?.id : undefined}
              onNavigate={close}
            />
          </div>
        )}
      </div>
    </Dialog>
  );
}
