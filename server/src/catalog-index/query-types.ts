/**
 * The product query the index answers: the contract's catalogue search body (contract
 * "Catalogue") plus paging, already checked for shape by the route's zod schema.
 */
import type { Product } from "@etalage/core";
import type { Scope } from "./fields.ts";

export type { Scope };
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

/** A query the index cannot answer as asked; `path` names the field of the body (a 400). */
export class QueryError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

export const DEFAULT_SIZE = 50;
