import { lazy, Suspense } from 'react';
import { TOAST } from '@onair/protocol/constants';
import { loadNotifications, useToastsShown } from '../lib/toast';

const Notifications = lazy(() => loadNotifications().then((module) => ({ default: module.Notifications })));

/** Where toasts appear: mounted at the first toast (its code loads then) and kept from then on. */
export function ToastRegion() {
  const shown = useToastsShown((state) => state.shown);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={TOAST.limit} autoClose={TOAST.durationMs} position="bottom-right" containerWidth={TOAST.regionMaxWidthPx} />
    </Suspense>
  );
}
