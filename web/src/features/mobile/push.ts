/**
 * Web Push on this browser: subscribe with the server's VAPID key through the service worker, then
 * register the subscription as one of the person's devices (POST /api/user/register-device).
 */
import type { MobileDevice } from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function describeBrowser(): { deviceType: MobileDevice['deviceType']; deviceName: string } {
  const ua = navigator.userAgent;
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : 'this device';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\/|Chromium\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const deviceType = os === 'Android' ? 'android' : os === 'iOS' ? 'ios' : 'web';
  return { deviceType, deviceName: `${browser} on ${os}` };
}

/** Asks for permission, subscribes, registers; throws a sentence when the browser says no. */
export async function registerThisDevice(): Promise<MobileDevice> {
  if (!pushSupported()) throw new Error('This browser does not support push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for OnAir in this browser; allow them in the site settings.');
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiRequest<{ publicKey: string }>('GET', '/api/push/vapid-public-key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const json = subscription.toJSON();
  return apiRequest<MobileDevice>('POST', '/api/user/register-device', {
    ...describeBrowser(),
    appVersion: 'web',
    subscription: { endpoint: json.endpoint, keys: json.keys },
  });
}
