import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import "./cms-text.css";

/**
 * Rich text from the CMS. The server sanitises every `text` field on save and on read (allow-list,
 * no scripts, handlers or javascript: links; external links already carry target and rel), so
 * this is the one place that sets HTML. Shop links inside it go through the router.
 */
export function CmsText({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a");
      const href = anchor?.getAttribute("href");
      if (!anchor || !href || anchor.target || !href.startsWith("/") || href.startsWith("//")) return;
      event.preventDefault();
      navigate(href);
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [navigate]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised CMS rich text (docs/cms-editing.md)
  return <div ref={ref} className="cms-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
