/**
 * The media element the watch page is playing, so that panels beside the player (the transcript)
 * can follow its time and seek it without owning it.
 */
import { create } from 'zustand';

interface MediaElementState {
  element: HTMLMediaElement | null;
  set(element: HTMLMediaElement | null): void;
}

export const useMediaElement = create<MediaElementState>((set) => ({
  element: null,
  set: (element) => set({ element }),
}));

/** Starts playback at `ms` (a click on a transcript line). */
export function seekTo(ms: number): void {
  const element = useMediaElement.getState().element;
  if (!element) return;
  element.currentTime = ms / 1000;
  void element.play().catch(() => undefined);
}
