/**
 * Mantine's notifications and their stylesheet, one chunk loaded with the first toast (toast.ts):
 * a page that never shows a toast loads neither.
 */
import '@mantine/notifications/styles.css';

export { Notifications, notifications, notificationsStore } from '@mantine/notifications';
