import { t } from "@etalage/core";
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import "./lazy-component.css";

/** Browsing §9: async component timeout. */
const LAZY_COMPONENT_TIMEOUT_MS = 3000;

export interface LazyComponentOptions {
  timeout?: number;
}

/** What every lazy component accepts besides its own props. */
interface LazyProps {
  /** Shown while the chunk loads. */
  fallback?: ReactNode;
  /** The error's Close button; the owner hides the component. */
  onClose: () => void;
}

export type LazyComponent<P> = ComponentType<P & LazyProps> & {
  /** Starts fetching the chunk early (on hover or focus of what opens it). */
  preload(): void;
};

type Phase = "loading" | "ready" | "error" | "offline";

class LoadTimeout extends Error {
  constructor(ms: number) {
    super(`Component did not load within ${ms} ms`);
  }
}

/**
 * A component in its own chunk that gives up after 3 s (browsing §4 "Lazy components", §8): then
 * an error with Try again and Close, or, offline, a connectivity message with Close only.
 * Unlike React.lazy it does not keep a failed import, so Try again fetches the chunk anew; a load
 * that merely timed out is kept, and Try again waits on it again.
 */
/** One lazily loaded module: its component once there, and the import under way. */
interface LazyEntry<P> {
  loaded: ComponentType<P> | null;
  start(): Promise<ComponentType<P>>;
  timeout: number;
}

export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { timeout = LAZY_COMPONENT_TIMEOUT_MS }: LazyComponentOptions = {},
): LazyComponent<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  const entry: LazyEntry<P> = {
    loaded: null,
    timeout,
    start() {
      pending ??= load().then(
        (module) => {
          entry.loaded = module.default;
          return module.default;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
  const render = (props: P & LazyProps) => <LazyView entry={entry} {...props} />;
  return Object.assign(render, {
    preload() {
      entry.start().catch(() => {
        // The component says so when it is shown; an early fetch failing is not worth a message.
      });
    },
  });
}

function LazyView<P extends object>({
  entry,
  fallback = null,
  onClose,
  ...own
}: { entry: LazyEntry<P> } & LazyProps) {
  const [phase, setPhase] = useState<Phase>(entry.loaded ? "ready" : "loading");
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    if (entry.loaded) {
      setPhase("ready");
      return;
    }
    let current = true;
    let timer = 0;
    setPhase("loading");
    const timedOut = new Promise<never>((_, reject) => {
      timer = window.setTimeout(() => reject(new LoadTimeout(entry.timeout)), entry.timeout);
    });
    Promise.race([entry.start(), timedOut]).then(
      () => {
        if (current) setPhase("ready");
      },
      (error: unknown) => {
        if (!current) return;
        console.warn("Lazy component failed to load:", error);
        setPhase(navigator.onLine ? "error" : "offline");
      },
    );
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [entry, attempt]);

  if (phase === "ready" && entry.loaded) {
    const Component = entry.loaded;
    return <Component {...(own as P)} />;
  }
  if (phase === "loading") return <>{fallback}</>;
  return (
    <LoadError offline={phase === "offline"} onRetry={() => setAttempt((n) => n + 1)} onClose={onClose} />
  );
}

function LoadError({
  offline,
  onRetry,
  onClose,
}: {
  offline: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  return (
    <div className="lazy-error" role="alert">
      <p className="lazy-error__message">
        {offline
          ? t("Component couldn't be loaded due to lack of network connectivity.")
          : t("An error occured while loading the component.")}
      </p>
      <div className="lazy-error__actions">
        {!offline && (
          <button type="button" className="button" onClick={onRetry}>
            {t("Try again")}
          </button>
        )}
        <button type="button" className="button button--outline" onClick={onClose}>
          {t("Close")}
        </button>
      </div>
    </div>
  );
}
