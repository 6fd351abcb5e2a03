/**
 * Whether the browser says it has a network: `navigator.onLine` and its `online`/`offline` events.
 * Offline is to be trusted (no request can leave); online is only a hint (a captive portal, a dead
 * route), which the socket and the queries find out for themselves.
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const isBrowserOnline = () => typeof navigator === 'undefined' || navigator.onLine;

export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribe, isBrowserOnline, () => true);
}

/** Settles when the browser has a network again (at once when it has one). */
export function whenOnline(): Promise<void> {
  return new Promise((resolve) => {
    if (isBrowserOnline()) return resolve();
    window.addEventListener('online', () => resolve(), { once: true });
  });
}
