import { type OpenModal, t } from "@etalage/core";
import { Component, type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { notify } from "../../lib/notification-store.ts";
import type { ModalName, ModalProps } from "../../session/modal-store.ts";
import { closeModal, openModal, useModalStack } from "../../session/modal-store.ts";
import { modalLoaders } from "./modal-registry.ts";

type AnyModal = ComponentType<ModalProps<ModalName>>;
const components = new Map<ModalName, AnyModal>();

/** React.lazy caches a failed import for good; we drop it so "Try again" fetches anew. */
function modalComponent(name: ModalName): AnyModal {
  let component = components.get(name);
  if (!component) {
    component = lazy(modalLoaders[name] as () => Promise<{ default: AnyModal }>);
    components.set(name, component);
  }
  return component;
}

/**
 * Renders every open modal, the last opened on top (native dialogs stack in the top layer). A
 * chunk of its own, with the modals' registry: the page loads it once the shopper interacts, or
 * when the first modal opens (modal-host.tsx).
 */
export default function ModalStackView() {
  const stack = useModalStack();
  return (
    <>
      {stack.map((modal) => (
        <LoadFailure key={modal.instance} modal={modal}>
          <Suspense fallback={null}>
            <LazyModal modal={modal} />
          </Suspense>
        </LoadFailure>
      ))}
    </>
  );
}

function LazyModal({ modal }: { modal: OpenModal<ModalName> }) {
  const Modal = modalComponent(modal.name);
  return <Modal payload={modal.payload as never} close={() => closeModal(modal.name)} />;
}

/** A chunk that fails to load closes its modal and says so (browsing §8), offering a retry. */
class LoadFailure extends Component<
  { modal: OpenModal<ModalName>; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    const { name, payload } = this.props.modal;
    components.delete(name);
    closeModal(name);
    const offline = typeof navigator !== "undefined" && !navigator.onLine;
    notify({
      type: "danger",
      message: offline
        ? t("Component couldn't be loaded due to lack of network connectivity.")
        : t("An error occured while loading the component."),
      action1: offline
        ? { label: t("Close") }
        : { label: t("Try again"), action: () => openModal(name, payload as never) },
      ...(offline ? {} : { action2: { label: t("Close") } }),
    });
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
