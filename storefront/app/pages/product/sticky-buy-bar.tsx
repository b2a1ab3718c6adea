import { t } from "@etalage/core";
import { type RefObject, useEffect, useRef, useState } from "react";
import { openModal, type SizeChoice } from "../../session/modal-store.ts";
import { PriceTag } from "./price-tag.tsx";
import type { Prices } from "./product-data.ts";
import "./sticky-buy-bar.css";

/** The sizes left to choose, and how the page chooses one. */
export interface SizeSheet {
  choices: SizeChoice[];
  choose: (value: string) => void;
}

/** Phones only: on a wider screen the buy button sits beside the pictures and stays in reach. */
const PHONE = "(max-width: 767px)";

/**
 * The add-to-cart bar a phone shows at the bottom once the product's own button has scrolled up
 * out of view (issue 14). It adds through that same form, so the choice, the checks and the
 * notifications are the page's own; a size still to choose opens the size selector, any other
 * choice still open brings the options back into view.
 * Hidden (and out of the tab order) while the form's button can be seen, and always on desktop.
 */
export function StickyBuyBar({
  form,
  name,
  prices,
  soldOut,
  sizes = null,
}: {
  form: RefObject<HTMLFormElement | null>;
  name: string;
  prices: Prices;
  soldOut: boolean;
  /** Set while only the size is still to choose: the bar offers them as a sheet (issue 29). */
  sizes?: SizeSheet | null;
}) {
  const [shown, setShown] = useState(false);
  // Watched instead of the form's button: the bar's own mark, right after the form, is there
  // whenever the bar is, however the page around it hydrates.
  const mark = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const watched = mark.current;
    if (!watched || typeof IntersectionObserver === "undefined") return;
    const phone = window.matchMedia(PHONE);
    let passed = false;
    const update = () => setShown(passed && phone.matches);
    // The viewport stretched far down: the mark "intersects" while it is in view or still below
    // it, and stops once scrolled past above. A jump (a link, the keyboard's End) crosses it too,
    // which a plain observer misses when the mark is never on screen in between.
    const observer = new IntersectionObserver(
      ([entry]) => {
        passed = !!entry && !entry.isIntersecting;
        update();
      },
      { rootMargin: "0px 0px 100000px 0px" },
    );
    observer.observe(watched);
    phone.addEventListener("change", update);
    return () => {
      observer.disconnect();
      phone.removeEventListener("change", update);
    };
  }, []);

  // The toasts stand above the bar while it shows (notifications.css reads the height).
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const shownBar = bar.current;
    const root = document.documentElement.style;
    if (!shown || !shownBar) return;
    const measure = () => root.setProperty("--sticky-buy-height", `${shownBar.offsetHeight}px`);
    measure();
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    resized?.observe(shownBar);
    return () => {
      resized?.disconnect();
      root.removeProperty("--sticky-buy-height");
    };
  }, [shown]);

  const add = () => {
    const buy = form.current;
    if (!buy) return;
    // The size is all that is missing: the size selector, a sheet under the thumb; the chosen
    // size goes through the page's own form, as a size picked up there would.
    if (sizes && buy.dataset.configured === "false") {
      openModal("size-selector", {
        name,
        sizes: sizes.choices,
        onChoose: (value) => {
          sizes.choose(value);
          buy.requestSubmit();
        },
      });
      return;
    }
    buy.requestSubmit();
    // "Kies je maat" shows by the options: bring them into view, with focus on the first.
    if (buy.dataset.configured === "false") {
      buy.scrollIntoView({ block: "start", behavior: "smooth" });
      buy.querySelector<HTMLElement>(".options a")?.focus({ preventScroll: true });
    }
  };

  return (
    <>
      <span ref={mark} className="sticky-buy__mark" aria-hidden="true" />
      <section ref={bar} className="sticky-buy" aria-label={t("Add to cart bar")} hidden={!shown}>
        <div className="sticky-buy__info">
          <p className="sticky-buy__name">{name}</p>
          <PriceTag prices={prices} />
        </div>
        <button type="button" className="button sticky-buy__button" disabled={soldOut} onClick={add}>
          {soldOut ? t("Out of stock") : t("Add to shopping bag")}
        </button>
      </section>
    </>
  );
}
