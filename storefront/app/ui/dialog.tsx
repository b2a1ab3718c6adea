import { t } from "@etalage/core";
import { type ReactNode, useEffect, useEffectEvent, useId, useRef } from "react";
import { ownFocusMove } from "../lib/deferred-module.ts";
import { Icon } from "./icons.tsx";
import "./dialog.css";

export interface DialogProps {
  title: ReactNode;
  /** Called for the close button, Escape and a click on the backdrop; the owner unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
  /**
   * `center` for modals (a sheet from the bottom on a phone), `drawer` for the mobile menu sliding
   * in from the left, `sheet` for a choice made with the thumb: a bottom sheet below 1024 px.
   */
  variant?: "center" | "drawer" | "sheet";
  size?: "small" | "large";
  /** Visually hide the title (it still labels the dialog). */
  hideTitle?: boolean;
}

/**
 * A native modal `<dialog>`: showModal() gives us the focus trap, the inert page behind and Escape.
 * Mounted means open; focus goes back to whatever opened it when it unmounts.
 */
export function Dialog({
  title,
  onClose,
  children,
  variant = "center",
  size = "small",
  hideTitle,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const requestClose = useEffectEvent(() => onClose());
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    opener.current ??= document.activeElement;
    // showModal() focuses the dialog's first control: the page's move, not the shopper's.
    if (!dialog.open) ownFocusMove(() => dialog.showModal());
    // Escape fires `cancel`; we let the owner decide, so React state and the DOM never disagree.
    const onCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // The box fills the dialog, so a press that starts and ends on the <dialog> itself is on the
    // backdrop (a text selection dragged out of the box is not). Keyboard users have Escape.
    let pressedBackdrop = false;
    const onPointerDown = (event: PointerEvent) => {
      pressedBackdrop = event.target === dialog;
    };
    const onClick = (event: MouseEvent) => {
      if (pressedBackdrop && event.target === dialog) requestClose();
    };
    // A modal <dialog> keeps the page inert, but Tab from its last control leaves for the browser's
    // own toolbar before coming back; wrap around instead, so focus stays with the dialog.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || event.defaultPrevented) return;
      const controls = tabbable(dialog);
      const first = controls[0];
      const last = controls.at(-1);
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
      } else if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener("keydown", onKeyDown);
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("pointerdown", onPointerDown);
    dialog.addEventListener("click", onClick);
    return () => {
      dialog.removeEventListener("keydown", onKeyDown);
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("pointerdown", onPointerDown);
      dialog.removeEventListener("click", onClick);
      dialog.close();
      const target = opener.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
  }, []);

  return (
    <dialog ref={ref} className={`dialog dialog--${variant} dialog--${size}`} aria-labelledby={titleId}>
      <div className="dialog__box">
        <header className="dialog__header">
          <h2 id={titleId} className={hideTitle ? "dialog__title visually-hidden" : "dialog__title"}>
            {title}
          </h2>
          <button
            type="button"
            className="icon-button dialog__close"
            aria-label={t("Close")}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The controls Tab visits inside `root`, in order: enabled, shown, not taken out of the tab order. */
function tabbable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0 && !element.closest("[inert]"),
  );
}
