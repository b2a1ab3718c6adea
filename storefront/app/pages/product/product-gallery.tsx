import { t } from "@etalage/core";
import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { resizedImageUrl } from "../../lib/images.ts";
import { GALLERY, galleryImage, LABEL_IMAGE, THUMB, thumbImage } from "./gallery-sizes.ts";
import type { GalleryImage, LabelView } from "./product-data.ts";

/** Half the page from 1024 px, else the full width. */
const SIZES = "(min-width: 1400px) 720px, (min-width: 1024px) 55vw, 100vw";
/** A horizontal move this long (px), more sideways than up or down, is a swipe. */
const SWIPE = 40;

/**
 * The product's pictures (browsing §9: 600x744, thumbnails 386x483). The stage keeps its space
 * before the image arrives (no layout shift). Arrow keys on the stage or the thumbnails, the
 * previous/next buttons and a swipe change the picture.
 */
export function ProductGallery({ images, labels }: { images: GalleryImage[]; labels: LabelView[] }) {
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  const go = (next: number) => setIndex((next + count) % count);

  const onKeyDown = (event: KeyboardEvent, focusThumb: boolean) => {
    const next =
      event.key === "ArrowRight"
        ? index + 1
        : event.key === "ArrowLeft"
          ? index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? count - 1
              : null;
    if (next === null || count < 2) return;
    event.preventDefault();
    const wrapped = (next + count) % count;
    go(wrapped);
    if (focusThumb) thumbs.current[wrapped]?.focus();
  };
  const onPointerDown = (event: PointerEvent) => {
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || count < 2) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) >= SWIPE && Math.abs(dx) > Math.abs(event.clientY - from.y))
      go(index + (dx < 0 ? 1 : -1));
  };

  return (
    <div className="gallery">
      <section
        className="gallery__stage"
        aria-roledescription={t("carousel")}
        aria-label={t("Product images")}
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={(event) => onKeyDown(event, false)}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        {count > 1 && (
          <p className="visually-hidden" aria-live="polite">
            {t("Image {n} of {total}", { n: index + 1, total: count })}
          </p>
        )}
        {current ? (
          <img
            key={current.path}
            className="gallery__image"
            {...galleryImage(current.path)}
            sizes={SIZES}
            width={GALLERY.width}
            height={GALLERY.height}
            alt={current.alt}
            fetchPriority={index === 0 ? "high" : "auto"}
            decoding="async"
            draggable={false}
          />
        ) : (
          <span className="gallery__placeholder">{t("No image available")}</span>
        )}
        {labels.length > 0 && (
          <ul className="gallery__labels">
            {labels.map((label) => (
              <li
                key={label.corner}
                className={`gallery__label gallery__label--${label.corner}`}
                style={label.image ? undefined : { background: label.background, color: label.color }}
              >
                {label.image ? (
                  <img
                    src={resizedImageUrl(label.image, LABEL_IMAGE.width, LABEL_IMAGE.height)}
                    width={LABEL_IMAGE.width}
                    height={LABEL_IMAGE.height}
                    alt={label.text}
                  />
                ) : (
                  label.text
                )}
              </li>
            ))}
          </ul>
        )}
        {count > 1 && (
          <>
            <button
              type="button"
              className="gallery__step gallery__step--prev"
              onClick={() => go(index - 1)}
              aria-label={t("Previous image")}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="gallery__step gallery__step--next"
              onClick={() => go(index + 1)}
              aria-label={t("Next image")}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </section>
      {count > 1 && (
        <fieldset className="gallery__thumbs" onKeyDown={(e) => onKeyDown(e, true)}>
          <legend className="visually-hidden">{t("Choose an image")}</legend>
          {images.map((image, i) => (
            <button
              key={image.path}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              className="gallery__thumb"
              aria-pressed={i === index}
              aria-label={t("Image {n} of {total}", { n: i + 1, total: count })}
              tabIndex={i === index ? 0 : -1}
              onClick={() => go(i)}
            >
              <img
                src={thumbImage(image.path)}
                width={THUMB.width}
                height={THUMB.height}
                alt=""
                loading="lazy"
                decoding="async"
              />
            </button>
          ))}
        </fieldset>
      )}
    </div>
  );
}
