import { t, videoType } from "@etalage/core";
import { type RefObject, useEffect, useRef, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { Icon } from "../../ui/icons.tsx";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

export interface TileVideoPlayback {
  ref: RefObject<HTMLVideoElement | null>;
  playing: boolean;
  toggle: () => void;
}

/**
 * A looping tile video (WCAG 2.2.2): it starts by itself only when the shopper has not asked for
 * reduced motion, and stops when they ask for it; the toggle pauses and plays it at any time.
 */
export function useTileVideo(): TileVideoPlayback {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const sync = () => setPlaying(!video.paused);
    const motion = window.matchMedia(REDUCED_MOTION);
    const follow = () => {
      if (motion.matches) video.pause();
    };
    video.addEventListener("play", sync);
    video.addEventListener("pause", sync);
    motion.addEventListener("change", follow);
    video.muted = true;
    if (!motion.matches) video.play().catch(sync);
    return () => {
      video.removeEventListener("play", sync);
      video.removeEventListener("pause", sync);
      motion.removeEventListener("change", follow);
    };
  }, []);
  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) video.play().catch(() => setPlaying(false));
    else video.pause();
  };
  return { ref, playing, toggle };
}

/**
 * The video itself: `filename`, then its other encodings (an H.264 .mp4 for browsers without
 * WebM). No `autoplay` in the HTML, so nothing moves before the page knows the shopper's wishes.
 */
export function TileVideo({
  playback,
  filename,
  sources = [],
  poster,
  width,
  height,
  label,
}: {
  playback: TileVideoPlayback;
  filename: string;
  sources?: readonly string[];
  poster: string | undefined;
  width: number;
  height: number;
  label: string | undefined;
}) {
  return (
    <video
      ref={playback.ref}
      className="cms-tile__media"
      width={width}
      height={height}
      poster={poster}
      muted
      loop
      playsInline
      preload="metadata"
      aria-label={label || undefined}
    >
      {[filename, ...sources].map((src) => (
        <source key={src} src={src} type={videoType(src)} />
      ))}
    </video>
  );
}

/** Pause and play, outside any link around the tile; shown once the page's script runs it. */
export function VideoToggle({ playback }: { playback: TileVideoPlayback }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="cms-tile__toggle" onClick={playback.toggle}>
      <Icon name={playback.playing ? "pause" : "play"} />
      <span className="visually-hidden">{playback.playing ? t("Pause video") : t("Play video")}</span>
    </button>
  );
}
