/**
 * OnAir's service worker (built by vite-plugin-pwa, injectManifest): the app shell is precached so
 * OnAir opens offline; the session and the offline list answer from their last copy when the network
 * is gone; downloaded files are served from the downloads cache; push messages become notifications.
 * A new version waits until the person accepts the update prompt (SKIP_WAITING).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { PRODUCT_NAME } from '@onair/protocol/constants';
import { DOWNLOADS_CACHE } from './features/mobile/offline-cache';

// The DOM typings are loaded for the app; these are the few service-worker members used here.
interface PushEventLike extends ExtendableEvent { data: { json(): unknown } | null }
interface NotificationClickLike extends ExtendableEvent { notification: Notification & { data?: { url?: string } } }
interface ExtendableEvent extends Event { waitUntil(promise: Promise<unknown>): void }
interface SwScope {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  registration: ServiceWorkerRegistration;
  clients: { matchAll(o: { type: 'window' }): Promise<(WindowClient & { focus(): Promise<unknown>; navigate(url: string): Promise<unknown> })[]>; openWindow(url: string): Promise<unknown> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', fn: (e: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', fn: (e: NotificationClickLike) => void): void;
  addEventListener(type: 'message', fn: (e: MessageEvent) => void): void;
}
interface WindowClient { url: string }
const sw = self as unknown as SwScope;

precacheAndRoute((self as unknown as SwScope).__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// /landing opens as the server sends it, with the build's snapshot of the page in it; every other deep
// link opens the shell offline; server paths are never answered with it.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/landing.html'), { allowlist: [/^\/landing$/] }));
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/media\//, /^\/socket\.io\//] }));

registerRoute(
  ({ url, request }) => request.method === 'GET' && (url.pathname === '/api/user' || url.pathname === '/api/user/offline-content'),
  new NetworkFirst({ cacheName: 'onair-session', networkTimeoutSeconds: 4 }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && /^\/api\/content\/\d+\/file$/.test(url.pathname),
  async ({ request }) => (await (await caches.open(DOWNLOADS_CACHE)).match(request.url)) ?? fetch(request),
);

sw.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

sw.addEventListener('push', (event) => {
  const message = (event.data?.json() ?? {}) as { title?: string; body?: string; url?: string; tag?: string };
  event.waitUntil(
    sw.registration.showNotification(message.title ?? PRODUCT_NAME, {
      body: message.body ?? '',
      tag: message.tag,
      icon: '/icon-192.png',
      data: { url: message.url ?? '/' },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? '/';
  event.waitUntil(
    sw.clients.matchAll({ type: 'window' }).then((windows) => {
      const open = windows[0];
      return open ? open.navigate(url).then(() => open.focus()) : sw.clients.openWindow(url);
    }),
  );
});
