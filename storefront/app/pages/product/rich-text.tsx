import type { RichNode } from "@etalage/core";
import { createElement, type ReactNode } from "react";

/** Catalogue HTML, already reduced to allowed elements by core `sanitizeHtml`, as React elements. */
export function RichText({ nodes }: { nodes: readonly RichNode[] }) {
  return <>{render(nodes)}</>;
}

function render(nodes: readonly RichNode[]): ReactNode[] {
  return nodes.map((node, index) =>
    typeof node === "string"
      ? node
      : createElement(
          node.tag,
          // The tree never changes order once rendered, so the position is a stable key.
          { key: index },
          node.tag === "br" ? undefined : render(node.children),
        ),
  );
}
