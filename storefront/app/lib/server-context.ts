import type { Category, Product } from "@etalage/core";
import { createContext } from "react-router";

/**
 * What SSR loaders may ask of the server, in-process (no HTTP hop). The server fills this in;
 * the browser never sees it: client-side code calls the public /api contract instead.
 */
export interface StorefrontServices {
  /** The active category tree under the root category, for menus and the footer. */
  categoryTree(): Category[];
  /** Visible products of a category in position order. */
  productsInCategory(categoryId: number, limit: number): Product[];
  /**
   * The label of a select attribute's option (`brand` 214 → "Casa Moretti"), or undefined when
   * unknown. Optional until the server's catalogue index serves attribute metadata.
   */
  optionLabel?(attributeCode: string, value: string | number): string | undefined;
  /** The shop's public origin, for canonical links. */
  publicUrl: string;
}

export const servicesContext = createContext<StorefrontServices>();
