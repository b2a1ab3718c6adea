/**
 * What the URL dispatcher renders from the CMS, as one chunk it loads on demand (CMS pages, and
 * category pages with CMS tiles): a product page does not download the CMS blocks' code.
 * Only components and pure helpers: a lazily loaded chunk keeps every export it names.
 */
export { CmsPage, categoryGridTiles } from "./cms-route.tsx";
