/** Chat (spec §3 ChatMessage): messages as the API and the socket carry them. */
import { z } from 'zod';
import { Id, IsoDate } from '../primitives.ts';
import { idParam, optionalContentId } from '../ids.ts';

/** How the chat labels an author: Moderators (admins), VIP Members (paid plans), New Viewers (< 7 days). */
export const ChatAudienceSchema = z.enum(['moderator', 'vip', 'new', 'regular']);
export type ChatAudience = z.infer<typeof ChatAudienceSchema>;

export const ChatMessageSchema = z.object({
  id: Id,
  contentId: Id.nullable(),
  userId: Id,
  username: z.string(),
  message: z.string(),
  timestamp: IsoDate,
  audience: ChatAudienceSchema,
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const CHAT_MESSAGE_MAX_LENGTH = 500;

export const ChatRecentQuerySchema = z.object({
  contentId: idParam('contentId').optional(),
  limit: z.coerce.number().int().min(1).max(200, { error: 'limit must be at most 200' }).optional(),
});

export const ChatSendRequestSchema = z.object({
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, { error: 'message is required' })
    .max(CHAT_MESSAGE_MAX_LENGTH, { error: `message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters` }),
  contentId: optionalContentId,
  /** Set by the client once per message; a retry with the same key returns the stored message. */
  idempotencyKey: z.string().min(8).max(64).optional(),
});
export type ChatSendRequest = z.input<typeof ChatSendRequestSchema>;

export const ChatMessageListSchema = z.array(ChatMessageSchema);
