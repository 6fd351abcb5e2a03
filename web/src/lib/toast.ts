/**
 * Toasts (spec §8/§9): one visible at a time, 5 s each; destructive ones are red, the others green. Mantine's
 * notifications do the showing. They load with the first toast (see app/ToastRegion.tsx): the renderer,
 * with its transitions, swipe-to-dismiss and scroll handling, is a third of the first page's framework
 * code, and most visits never show a toast.
 */
import { create } from 'zustand';
import { TOAST } from '@onair/protocol/constants';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

let loading: Promise<typeof import('./notifications')> | null = null;

/** Mantine's notifications, loaded once; the limit is set before the first toast is shown. */
export function loadNotifications() {
  loading ??= import('./notifications').then((module) => {
    module.notificationsStore.updateState((state) => ({ ...state, limit: TOAST.limit, defaultPosition: 'bottom-right' }));
    return module;
  });
  return loading;
}

/** Whether a toast was ever asked for: the region mounts then and stays. */
export const useToastsShown = create<{ shown: boolean }>(() => ({ shown: false }));

export function toast({ title, description, variant = 'default' }: ToastInput) {
  useToastsShown.setState({ shown: true });
  void loadNotifications().then(({ notifications }) => {
    // One visible at a time, the newest: Mantine's limit alone would queue it behind the one shown, so
    // a second error within 5 s would show the first one's text for the rest of its time.
    notifications.clean();
    notifications.show({
      title,
      message: description ?? '',
      // Red is for what went wrong; everything else (mostly confirmations) is green, never the red brand.
      color: variant === 'destructive' ? 'red' : 'green',
      autoClose: TOAST.durationMs,
      withBorder: true,
    });
  });
}

/** F8 moves focus to the newest toast, so keyboard users can read and dismiss it. */
export function focusToastRegion() {
  const close = document.querySelector<HTMLElement>('.mantine-Notifications-root .mantine-Notification-closeButton');
  close?.focus();
}

/** An onError handler for mutations: a destructive toast with this title and the server's message. */
export const toastError = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });
