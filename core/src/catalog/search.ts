/**
 * The catalogue search contract (contract "Catalogue"): the body a client sends plus paging, and
 * the answer. Shared by the server's index and the storefront, which builds these queries.
 */
import type { Product } from "./types.ts";

/** `default` matches a product's own field; `catalog` also a configurable's enabled children. */
export type Scope = "default" | "catalog";
export const OPERATORS = ["eq", "in", "neq", "nin", "gt", "gte", "lt", "lte"] as const;
export type Operator = (typeof OPERATORS)[number];
export type Scalar = string | number | boolean;
export type FilterValue = Scalar | readonly Scalar[] | Partial<Record<Operator, Scalar | readonly Scalar[]>>;

export interface AppliedFilter {
  attribute: string;
  value: FilterValue;
  scope?: Scope;
}

export interface AvailableFilter {
  field: string;
  scope?: Scope;
  options?: { size?: number } & Record<string, unknown>;
}

export interface AppliedSort {
  field: string;
  options?: "asc" | "desc";
}

export interface ProductQuery {
  _appliedFilters?: readonly AppliedFilter[];
  _availableFilters?: readonly AvailableFilter[];
  _appliedSort?: readonly AppliedSort[];
  _searchText?: string;
  from?: number;
  size?: number;
}

export interface FacetOption {
  id: string;
  label: string;
  count: number;
  type: string;
  swatch?: string;
  from?: number;
  to?: number;
  single?: boolean;
}

export interface FacetFilter {
  attribute_code: string;
  title: string;
  options: FacetOption[];
}

export interface FilterSetting {
  title: string;
  urlKey: string;
  isCollapsed: boolean;
}

export interface SortFieldOption {
  label: string;
  id: string;
  type: "sort";
}

export interface AttributeMetadata {
  attribute_id: number;
  attribute_code: string;
  frontend_label: string;
  options: { label: string; value: string; swatch?: string }[];
}

export interface Aggregations {
  filters: FacetFilter[];
  filterSettings: Record<string, FilterSetting>;
  sortFields: SortFieldOption[];
}

export interface SearchResult<T> {
  items: T[];
  total: number;
  start: number;
  perPage: number;
  aggregations: Aggregations;
  attributeMetadata: AttributeMetadata[];
}

export type ProductSearchResult = SearchResult<Product>;

/** Browsing §5: the page size when a client asks for none (or 0 or less). */
export const DEFAULT_SIZE = 50;
