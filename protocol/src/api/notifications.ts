/** In-app notifications (admin messages to a user). */
import { z } from 'zod';
import { Id, IsoDate, Count } from '../primitives.ts';

export const NotificationSchema = z.object({
  id: Id,
  /** `admin_message`: from a person (an administrator, a teacher, an invitee); `notice`: from OnAir itself. */
  kind: z.enum(['admin_message', 'notice']),
  text: z.string(),
  /** Username of the sender; null for a notice, or when the sender's account is gone. */
  from: z.string().nullable(),
  /** The in-app page it is about (`/education`, `/creator-studio`, `/watch/12`), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: IsoDate,
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationsSchema = z.object({ items: z.array(NotificationSchema), unread: Count });
export type Notifications = z.infer<typeof NotificationsSchema>;
export const NOTIFICATIONS_LIMIT = 50;
