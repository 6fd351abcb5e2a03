/**
 * Pages the build renders ahead (scripts/vite-page-snapshots.ts) arrive with a snapshot of their
 * screen in this element, before the app's root, which stays hidden while it is there: /landing
 * signed out, and / signed in (the shell and the home page). The snapshot names its screen in
 * `data-screen`; the app removes it once it has something of its own to show, that screen itself or
 * anything else the session calls for.
 */
export const PAGE_SNAPSHOT_ID = 'page-snapshot';

/** The screens a build renders ahead. */
export type SnapshotScreen = 'landing' | 'home';

/** The screen the snapshot on the page pictures, or null when there is none (any more). */
export function pageSnapshotScreen(): SnapshotScreen | null {
  return (document.getElementById(PAGE_SNAPSHOT_ID)?.dataset.screen as SnapshotScreen | undefined) ?? null;
}

export function removePageSnapshot() {
  document.getElementById(PAGE_SNAPSHOT_ID)?.remove();
}
