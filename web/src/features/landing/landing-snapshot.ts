/**
 * The build's snapshot of the landing page (snapshot.tsx) sits in this element, before the app's
 * root, which stays hidden while it is there. The app removes it once it has something of its own to
 * show: the landing page itself, or anything else the session calls for.
 */
export const LANDING_SNAPSHOT_ID = 'landing-snapshot';

export function removeLandingSnapshot() {
  document.getElementById(LANDING_SNAPSHOT_ID)?.remove();
}
