import { type CartItem, countedQty, hasImage, productLink, roundCents } from "@etalage/core";

/*
 * What a microcart line shows, read from a cart line. The line is the product as it was added
 * (its name, images, computed prices, options) plus what the server's totals said about it; the
 * totals may lag one change behind, so quantities and row prices are the line's own.
 */

export interface LineOption {
  label: string;
  value: string;
}

export interface LinePrices {
  /** Row price the shopper pays: unit price times quantity. */
  row: number;
  /** The regular row price while a lower special price runs; null otherwise. */
  rowRegular: number | null;
}

export function lineImage(item: CartItem): string | null {
  for (const path of [item.image, item.thumbnail, item.small_image, item.media_gallery?.[0]?.image]) {
    if (hasImage(path)) return path;
  }
  return null;
}

/** The product page of the line; a configurable line opens on its own size and colour. */
export function lineHref(item: CartItem): string | null {
  if (!item.url_path && !item.slug && !item.url_key) return null;
  const type_id = item.parentSku && item.parentSku !== item.sku ? "configurable" : (item.type_id ?? "simple");
  return productLink(
    {
      sku: item.parentSku ?? item.sku,
      parentSku: item.parentSku,
      type_id,
      url_path: item.url_path ?? "",
      slug: item.slug ?? "",
      url_key: item.url_key,
    },
    item.sku,
  );
}

/**
 * The chosen options as "label: value" pairs. The server's totals name them best (a bundle's
 * selections by product name); until totals arrive, the labels stored with the line's options.
 */
export function lineOptions(item: CartItem): LineOption[] {
  const fromTotals = item.totals?.options;
  if (fromTotals && fromTotals.length > 0) return fromTotals.map(({ label, value }) => ({ label, value }));

  const configured = item.product_option?.extension_attributes?.configurable_item_options ?? [];
  const labelled = configured.flatMap((o) =>
    o.label && o.value ? [{ label: o.label, value: o.value }] : [],
  );
  if (labelled.length > 0) return labelled;

  // Typed options (a gift card's recipient), named by the definitions the line was added with.
  const typed = item.product_option?.extension_attributes?.custom_options ?? [];
  const definitions = Array.isArray(item.custom_options) ? item.custom_options : [];
  const named = typed.flatMap((o) => {
    const definition = definitions.find((d) => String(d.option_id) === String(o.option_id));
    return definition && o.option_value ? [{ label: definition.title, value: String(o.option_value) }] : [];
  });
  if (named.length > 0) return named;

  const configuration = item.configuration;
  if (configuration && typeof configuration === "object") {
    const labels = new Map((item.configurable_options ?? []).map((o) => [o.attribute_code, o.label]));
    return Object.values(configuration).flatMap((entry) =>
      entry?.label
        ? [{ label: labels.get(entry.attribute_code) ?? entry.attribute_code, value: entry.label }]
        : [],
    );
  }
  return [];
}

/**
 * The line's name for its controls ("Aantal …", "… verwijderen"). Lines of one product with
 * typed options (gift cards to two recipients) would share a name; the first option tells them
 * apart: "Cadeaubon € 50 (Sanne)".
 */
export function lineName(item: CartItem, options: readonly LineOption[]): string {
  const name = item.name ?? item.sku;
  const typed = item.product_option?.extension_attributes?.custom_options?.length ?? 0;
  return typed > 0 && options[0] ? `${name} (${options[0].value})` : name;
}

function amount(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

/** The price the shopper pays for one, including tax. */
export function unitPrice(item: CartItem): number {
  return (
    amount(item.final_price_incl_tax) ??
    amount(item.price_incl_tax) ??
    amount(item.totals?.price_incl_tax) ??
    0
  );
}

/** Row prices including tax; the regular one only while a lower special price runs (browsing §2 "Product card"). */
export function linePrices(item: CartItem): LinePrices {
  const qty = countedQty(item.qty);
  const unit = unitPrice(item);
  const regular = amount(item.regular_price_incl_tax) ?? amount(item.original_price_incl_tax);
  return {
    row: roundCents(unit * qty),
    rowRegular: regular !== null && regular > unit ? roundCents(regular * qty) : null,
  };
}

/** What the lines add up to, shown until the server's totals are in (offline, or syncing). */
export function estimatedSubtotal(items: readonly CartItem[]): number {
  return roundCents(items.reduce((sum, item) => sum + linePrices(item).row, 0));
}

/** Lines with a size or colour to change in place: a configurable's variant. */
export function isEditable(item: CartItem): boolean {
  return typeof item.parentSku === "string" && item.parentSku !== "" && item.parentSku !== item.sku;
}
