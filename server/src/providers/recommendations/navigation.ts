/**
 * Elevate's navigation: the category tree (navigation-tree query, and a page's navigation with
 * the selected branch) and a landing page's breadcrumbs from its path (browsing §2).
 */
import type { Breadcrumb, NavigationNode, NavigationStateNode } from "@apptus/esales-api";
import { type Category, categoryLink, landingBreadcrumbs, landingPagePath, t } from "@etalage/core";

export function navigationTree(tree: readonly Category[]): NavigationNode {
  const node = (c: Category): NavigationNode => ({
    type: "PRODUCT",
    label: c.name,
    path: categoryLink(c),
    count: c.product_count ?? 0,
    children: (c.children_data ?? []).filter((x) => x.is_active).map(node),
  });
  return { type: "LABEL", label: t("Home"), count: 0, children: tree.map(node) };
}

/** The tree with the branch of `selectedId` (a category and its ancestors) selected and open. */
export function navigationState(
  tree: readonly Category[],
  selectedId: number | undefined,
): NavigationStateNode {
  const node = (c: Category): { node: NavigationStateNode; selected: boolean } => {
    const children = (c.children_data ?? []).filter((x) => x.is_active).map(node);
    const selected = c.id === selectedId || children.some((x) => x.selected);
    return {
      selected,
      node: {
        type: "PRODUCT",
        label: c.name,
        path: categoryLink(c),
        count: c.product_count ?? 0,
        selected,
        expandable: children.length > 0,
        children: children.map((x) => x.node),
      },
    };
  };
  return {
    type: "LABEL",
    label: t("Home"),
    count: 0,
    selected: false,
    expandable: true,
    children: tree.map((c) => node(c).node),
  };
}

/** Elevate's breadcrumbs need a path on every crumb: the current one links to itself. */
export function breadcrumbsOf(urlPath: string): Breadcrumb[] {
  return landingBreadcrumbs(urlPath).map((c) => ({
    label: c.label,
    path: c.path ?? landingPagePath(urlPath),
  }));
}
