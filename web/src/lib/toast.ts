/**
 * Toasts (spec §8/§9): one visible at a time, 5 s each; destructive ones are red, the others green. Mantine's
 * notifications do the showing; the limit and duration are set where <Notifications> is mounted.
 */
import { notifications } from '@mantine/notifications';
import { TOAST } from '@onair/protocol/constants';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export function toast({ title, description, variant = 'default' }: ToastInput) {
  notifications.show({
    title,
    message: description ?? '',
    // Red is for what went wrong; everything else (mostly confirmations) is green, never the red brand.
    color: variant === 'destructive' ? 'red' : 'green',
    autoClose: TOAST.durationMs,
    withBorder: true,
  });
}

/** F8 moves focus to the newest toast, so keyboard users can read and dismiss it. */
export function focusToastRegion() {
  const close = document.querySelector<HTMLElement>('.mantine-Notifications-root .mantine-Notification-closeButton');
  close?.focus();
}

/** An onError handler for mutations: a destructive toast with this title and the server's message. */
export const toastError = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });
