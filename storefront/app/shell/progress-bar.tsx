import { t } from "@etalage/core";
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import "./progress-bar.css";

type Phase = "idle" | "loading" | "done";

/**
 * The route-change bar (browsing §2). It waits 150 ms before showing, so quick navigations do
 * not flash, and runs to the end before fading out once the new page is there.
 */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (busy) {
      const timer = window.setTimeout(() => setPhase("loading"), 150);
      return () => window.clearTimeout(timer);
    }
    setPhase((current) => (current === "loading" ? "done" : "idle"));
  }, [busy]);

  useEffect(() => {
    if (phase !== "done") return;
    const timer = window.setTimeout(() => setPhase("idle"), 400);
    return () => window.clearTimeout(timer);
  }, [phase]);

  if (phase === "idle") return null;
  return (
    <div
      className={`progress-bar progress-bar--${phase}`}
      role="progressbar"
      aria-label={t("Page is loading")}
      aria-busy={phase === "loading"}
    />
  );
}
