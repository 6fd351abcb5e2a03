/**
 * Church Mode (spec §1 "church mode (advertised; no screen shown)"; OnAir gives it /church-mode and a
 * congregation page /church/{id}). A church is an institution of type `church`.
 *
 * GET/POST /api/churches, GET /api/churches/{id}, POST /api/churches/{id}/join, POST /api/churches/{id}/team,
 * POST /api/churches/{id}/services, POST /api/church-services/{id}/start, GET/POST /api/churches/{id}/sermons,
 * GET/POST /api/churches/{id}/prayer-requests, POST /api/prayer-requests/{id}/prayed,
 * GET/POST /api/churches/{id}/gifts (charged to a saved payment method), GET /api/churches/{id}/giving-statement.csv?year=
 * and giving-statement.pdf?year=.
 * Socket: `prayer:new` and `prayer:updated` to the pastoral team's `user:{id}` rooms (and the author's).
 */
import { z } from 'zod';
import { idField, idParam } from '../ids.ts';
import { Id, IsoDate, requiredText } from '../primitives.ts';
import { INSTITUTION_ROLES, domainField } from './education.ts';

/** An IANA time zone name the runtime knows (Europe/London, America/New_York, UTC). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
const timeZoneField = z
  .string({ error: 'timeZone is required' })
  .trim()
  .min(1, { error: 'timeZone is required' })
  .refine(isTimeZone, { error: 'timeZone must be a time zone name such as Europe/London' });

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const ChurchCreateRequestSchema = z.object({
  name: requiredText('name', 120),
  timeZone: timeZoneField,
  domain: domainField().optional(),
});
export type ChurchCreateRequest = z.input<typeof ChurchCreateRequestSchema>;

export const ChurchIdParamsSchema = z.object({ id: idParam('id') });

export const ServiceSchema = z.object({
  id: Id,
  churchId: Id,
  title: z.string(),
  /** 0 = Sunday … 6 = Saturday, in the service's time zone. */
  weekday: z.number().int().min(0).max(6),
  /** HH:MM, 24-hour, in the service's time zone. */
  time: z.string(),
  timeZone: z.string(),
  /** The next time this service starts, as an instant. */
  nextAt: IsoDate,
  /** The live content item while this service is on air. */
  liveContentId: Id.nullable(),
});
export type Service = z.infer<typeof ServiceSchema>;

export const ServiceCreateRequestSchema = z.object({
  title: requiredText('title', 160),
  weekday: z.number({ error: 'weekday must be a number from 0 (Sunday) to 6 (Saturday)' }).int({ error: 'weekday must be a number from 0 (Sunday) to 6 (Saturday)' }).min(0, { error: 'weekday must be a number from 0 (Sunday) to 6 (Saturday)' }).max(6, { error: 'weekday must be a number from 0 (Sunday) to 6 (Saturday)' }),
  time: z.string({ error: 'time is required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time must be HH:MM (24-hour)' }),
  timeZone: timeZoneField,
});
export type ServiceCreateRequest = z.input<typeof ServiceCreateRequestSchema>;

export const ChurchSchema = z.object({
  id: Id,
  name: z.string(),
  domain: z.string().nullable(),
  verified: z.boolean(),
  timeZone: z.string(),
  ownerName: z.string(),
  myRole: z.enum(INSTITUTION_ROLES).nullable(),
  members: z.number().int().nonnegative(),
  createdAt: IsoDate,
});
export type Church = z.infer<typeof ChurchSchema>;

export const ChurchPageSchema = z.object({
  church: ChurchSchema,
  services: z.array(ServiceSchema),
  /** The service on air now, with its watch page item. */
  live: z.object({ serviceId: Id, title: z.string(), contentId: Id }).nullable(),
  team: z.array(z.object({ userId: Id, username: z.string(), role: z.enum(INSTITUTION_ROLES) })),
});
export type ChurchPage = z.infer<typeof ChurchPageSchema>;

export const TeamAddRequestSchema = z.object({ username: requiredText('username', 64) });

export const SermonSchema = z.object({
  id: Id,
  churchId: Id,
  contentId: Id,
  title: z.string(),
  speaker: z.string(),
  series: z.string().nullable(),
  scripture: z.string().nullable(),
  preachedOn: z.string(),
  durationSeconds: z.number().int().nonnegative(),
});
export type Sermon = z.infer<typeof SermonSchema>;

export const SermonCreateRequestSchema = z.object({
  contentId: idField('contentId'),
  title: requiredText('title', 160),
  speaker: requiredText('speaker', 120),
  series: z.string({ error: 'series must be text' }).trim().max(120, { error: 'series must be at most 120 characters' }).optional().transform((v) => v || null),
  scripture: z.string({ error: 'scripture must be text' }).trim().max(120, { error: 'scripture must be at most 120 characters' }).optional().transform((v) => v || null),
  preachedOn: z.iso.date({ error: 'preachedOn must be a date (YYYY-MM-DD)' }),
});
export type SermonCreateRequest = z.input<typeof SermonCreateRequestSchema>;
export const SermonQuerySchema = z.object({ q: z.string({ error: 'q must be text' }).trim().max(100, { error: 'q must be at most 100 characters' }).optional() });

export const PRAYER_VISIBILITIES = ['public', 'team'] as const;
export const PrayerRequestSchema = z.object({
  id: Id,
  churchId: Id,
  authorId: Id,
  authorName: z.string(),
  /** What others see: profanity masked, as in chat. */
  body: z.string(),
  visibility: z.enum(PRAYER_VISIBILITIES),
  /** Held back from the public wall by moderation, with the reason (the team sees it). */
  flagged: z.string().nullable(),
  hidden: z.boolean(),
  prayedAt: IsoDate.nullable(),
  prayedBy: z.string().nullable(),
  createdAt: IsoDate,
});
export type PrayerRequest = z.infer<typeof PrayerRequestSchema>;

export const PrayerCreateRequestSchema = z.object({
  body: requiredText('body', 1000),
  visibility: z.enum(PRAYER_VISIBILITIES, { error: 'visibility must be public or team' }),
});
export type PrayerCreateRequest = z.input<typeof PrayerCreateRequestSchema>;
export const PrayerIdParamsSchema = z.object({ id: idParam('id') });
export const PrayerDecisionRequestSchema = z.object({ hidden: z.boolean({ error: 'hidden must be true or false' }).optional() });

export const GIVING_FUNDS = ['tithe', 'offering'] as const;
export const GIVING_CURRENCIES = ['USD', 'EUR', 'GBP', 'NGN', 'KES', 'GHS', 'ZAR'] as const;
export const GIFT_INTERVALS = ['once', 'monthly'] as const;
export const GIFT_MAX_CENTS = 10_000_000;

export const GiftCreateRequestSchema = z.object({
  amountCents: z.number({ error: 'amountCents must be a number' }).int({ error: 'amountCents must be whole cents' }).min(100, { error: 'amountCents must be at least 100 (1.00)' }).max(GIFT_MAX_CENTS, { error: `amountCents must be at most ${GIFT_MAX_CENTS}` }),
  currency: z.enum(GIVING_CURRENCIES, { error: `currency must be one of ${GIVING_CURRENCIES.join(', ')}` }).default('USD'),
  fund: z.enum(GIVING_FUNDS, { error: 'fund must be tithe or offering' }),
  interval: z.enum(GIFT_INTERVALS, { error: 'interval must be once or monthly' }).default('once'),
  /** The saved method to charge (a monthly gift keeps it); the giver's default when absent. */
  paymentMethodId: idField('paymentMethodId').optional(),
  idempotencyKey: z.string({ error: 'idempotencyKey must be text' }).trim().min(8, { error: 'idempotencyKey must be at least 8 characters' }).max(100, { error: 'idempotencyKey must be at most 100 characters' }).optional(),
});
export type GiftCreateRequest = z.input<typeof GiftCreateRequestSchema>;

export const GiftSchema = z.object({
  id: Id,
  churchId: Id,
  amountCents: z.number().int(),
  currency: z.string(),
  fund: z.enum(GIVING_FUNDS),
  recurring: z.boolean(),
  paymentReference: z.string(),
  testMode: z.boolean(),
  createdAt: IsoDate,
});
export type Gift = z.infer<typeof GiftSchema>;

export const GiftsQuerySchema = z.object({
  year: z.coerce.number({ error: 'year must be a year such as 2026' }).int({ error: 'year must be a year such as 2026' }).min(2000, { error: 'year must be a year such as 2026' }).max(2100, { error: 'year must be a year such as 2026' }).optional(),
});

export const GivingSummarySchema = z.object({
  year: z.number().int(),
  gifts: z.array(GiftSchema),
  /** Totals per currency, in cents. */
  totals: z.array(z.object({ currency: z.string(), amountCents: z.number().int() })),
  recurring: z.array(z.object({ id: Id, amountCents: z.number().int(), currency: z.string(), fund: z.enum(GIVING_FUNDS), nextChargeAt: IsoDate })),
});
export type GivingSummary = z.infer<typeof GivingSummarySchema>;
