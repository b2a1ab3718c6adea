import { type ComponentType, createElement, memo, Suspense } from "react";
import { type DeferredModule, deferredModule } from "../lib/deferred-module.ts";

/**
 * The root element a part renders, which its server HTML starts with: without its code, the part
 * is that element around the server's inner HTML, and clicks are recognised by it.
 */
export interface PartRoot {
  tag: "div" | "footer" | "nav" | "search";
  className: string;
  "aria-label"?: string;
}

/**
 * A server-rendered part that nobody uses without acting first (the desktop menu, the footer, a
 * product's details): its code loads at the shopper's first interaction (pointer, touch, key,
 * focus, scroll) or the first navigation, not with the page (docs/decisions/0007). Until then
 * React keeps the server's HTML as it is, and a click in it waits for the code and is then made
 * again (a link goes through the router, a button does what it does).
 *
 * Why it is safe: the part is memoised on its props (loader data, the same objects until the
 * data reloads), so a parent's render does not reach it; an update that does (the router's, on a
 * navigation) is a transition, and React holds a transition until the code is there, which the
 * navigation itself asks for (lib/route-errors.ts), rather than drop the server HTML; with the
 * code there, React hydrates the part first whatever the update. Should the code not load
 * (offline), the part stays as the server drew it, inert.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  root: PartRoot,
): ComponentType<P> {
  const part = registerPart(root);
  const code = deferredModule(
    () =>
      load()
        .catch(() => null)
        .then((component) => {
          // Clicks made meanwhile, once the code counts as loaded (after this promise's own
          // callbacks): React takes them then, hydrating the part on the spot.
          setTimeout(part.settled, 0);
          return component;
        }),
    { warm: true },
  );
  return memo((props: P) => <OnDemandPart code={code} root={root} props={props} />);
}

interface PartProps<P> {
  code: DeferredModule<ComponentType<P> | null>;
  root: PartRoot;
  props: P;
}

function OnDemandPart<P extends object>(part: PartProps<P>) {
  return (
    <Suspense>
      <PartCode {...part} />
    </Suspense>
  );
}

function PartCode<P extends object>({ code, root, props }: PartProps<P>) {
  const Component = code.useOnDemand();
  if (Component) return <Component {...props} />;
  // Hydrating this keeps the server's children; it never sets any of its own.
  return createElement(root.tag, { ...withoutTag(root), dangerouslySetInnerHTML: { __html: "" } });
}

const withoutTag = ({ tag: _, ...attributes }: PartRoot) => attributes;

interface Part {
  selector: string;
  /** What was clicked or pressed before the part's code was there, to do again; null once it is. */
  waiting: (() => void)[] | null;
  settled(): void;
}

const parts: Part[] = [];

function registerPart({ tag, className }: PartRoot): Part {
  const part: Part = {
    selector: `${tag}.${className.split(" ").join(".")}`,
    waiting: [],
    settled() {
      const pressed = part.waiting ?? [];
      part.waiting = null;
      for (const again of pressed) again();
    },
  };
  parts.push(part);
  if (parts.length === 1 && typeof window !== "undefined") {
    window.addEventListener("click", holdEarly, { capture: true });
    window.addEventListener("keydown", holdEarly, { capture: true });
  }
  return part;
}

/** Keys a part's own handlers may answer (menus, carousels); Tab and typing stay the browser's. */
const HANDLED_KEYS = /^(Enter| |Escape|Arrow(Up|Down|Left|Right)|Home|End)$/;

/**
 * A primary click, or a key the part may answer, in a part whose code is still coming: React
 * would drop it (a keyboard's click with it), and a link would reload the page. Kept until the
 * code is there, then done again: a click as a click, Enter or Space on a control as its click
 * (or Enter in a field as its form's submit), any other key as the same key. The press that made
 * it has started the load.
 */
function holdEarly(event: MouseEvent | KeyboardEvent): void {
  if (
    !event.isTrusted ||
    event.metaKey ||
    event.ctrlKey ||
    event.altKey ||
    !(event.target instanceof Element)
  ) {
    return;
  }
  const key = event instanceof KeyboardEvent ? event.key : null;
  if (key === null ? (event as MouseEvent).button !== 0 || event.shiftKey : !HANDLED_KEYS.test(key)) return;
  const target = event.target.closest<HTMLElement>("a, button, input, select, textarea, label, summary");
  const at = target ?? (event.target as HTMLElement);
  const part = parts.find((p) => p.waiting && at.closest(p.selector));
  if (!part?.waiting) return;
  if (at instanceof HTMLAnchorElement && at.target && at.target !== "_self") return;
  let again: () => void;
  if (key === null || (key === " " && at instanceof HTMLButtonElement)) again = () => at.click();
  else if (key === "Enter" && (at instanceof HTMLButtonElement || at instanceof HTMLAnchorElement)) {
    again = () => at.click();
  } else if (key === "Enter" && at instanceof HTMLInputElement && at.form) {
    const form = at.form;
    again = () => form.requestSubmit();
  } else if (target && !(target instanceof HTMLButtonElement) && !(target instanceof HTMLAnchorElement)) {
    return; // a key in a field moves its caret or types: the browser's
  } else {
    const { code, shiftKey } = event as KeyboardEvent;
    const init = { key, code, shiftKey, bubbles: true };
    again = () => at.dispatchEvent(new KeyboardEvent("keydown", { ...init, cancelable: true }));
  }
  event.preventDefault();
  event.stopImmediatePropagation();
  part.waiting.push(() => at.isConnected && again());
}
