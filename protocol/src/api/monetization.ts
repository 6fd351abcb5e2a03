/**
 * Monetization (spec §2 Monetization, §3 Subscription tier / Payment method / Revenue summary, §5 donation
 * minimum, §6 roles, §7 calls, §9 tiers, quick amounts, payment types, sponsorship samples).
 * Money is integer cents with an explicit currency everywhere; requests that name an amount a person
 * types (a donation) take it in the currency's major unit and the server converts once.
 */
import { z } from 'zod';
import { DONATION, PAYMENT_METHOD_TYPES } from '../constants.ts';
import { idField, idParam } from '../ids.ts';

const IsoDate = z.string();
const Cents = z.number().int();

/** Mobile money brands the payment form lists (spec §9: four). */
export const MOBILE_MONEY_BRANDS = ['M-Pesa', 'MTN Mobile Money', 'Airtel Money', 'Orange Money'] as const;

/** Where money came from. `tithe` is church giving, recorded through the same ledger. */
export const REVENUE_SOURCES = ['subscription', 'donation', 'ads', 'sponsorship', 'merchandise', 'tithe'] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

/** Default platform share of each payment to a creator, in percent (PLATFORM_FEE_PERCENT). */
export const DEFAULT_PLATFORM_FEE_PERCENT = 10;

/** Test-mode card numbers, as documented by Stripe: these succeed, these decline with the given reason. */
export const TEST_CARDS = {
  succeed: { '4242424242424242': 'visa', '4000056655665556': 'visa', '5555555555554444': 'mastercard', '378282246310005': 'amex' },
  decline: {
    '4000000000000002': 'Your card was declined.',
    '4000000000009995': 'Your card has insufficient funds.',
    '4000000000000069': 'Your card has expired.',
    '4000000000000127': "Your card's security code is incorrect.",
  },
} as const;

/** Test-mode mobile money and bank numbers: anything ending in 0002 declines, like the decline card. */
export const TEST_DECLINE_SUFFIX = '0002';

export const PaymentMethodTypeSchema = z.enum(PAYMENT_METHOD_TYPES, { error: `type must be one of ${PAYMENT_METHOD_TYPES.join(', ')}` });
export type PaymentMethodType = z.infer<typeof PaymentMethodTypeSchema>;

export const PaymentMethodSchema = z.object({
  id: z.number().int(),
  type: PaymentMethodTypeSchema,
  /** What a person recognises: "Visa ending 4242", "M-Pesa ending 0101". */
  name: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  isDefault: z.boolean(),
  provider: z.string(),
  createdAt: IsoDate,
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** A number typed as people type it: spaces and dashes (a phone number's `+`, dots and brackets with `phone`) dropped. */
const digits = (field: string, min: number, max: number, options: { phone?: boolean } = {}) =>
  z
    .string({ error: `${field} is required` })
    .transform((v) => v.replace(options.phone ? /[\s\-.()]|^\s*\+/g : /[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: `${field} is required`, abort: true })
        .regex(/^\d+$/, { error: `${field} may only contain digits${options.phone ? ' (and a leading +)' : ''}` })
        .min(min, { error: `${field} must have at least ${min} digits` })
        .max(max, { error: `${field} must have at most ${max} digits` }),
    );

const month = z.number({ error: 'expMonth must be a number' }).int({ error: 'expMonth must be 1-12' }).min(1, { error: 'expMonth must be 1-12' }).max(12, { error: 'expMonth must be 1-12' });
const year = z.number({ error: 'expYear must be a number' }).int({ error: 'expYear must be a year' }).min(2000, { error: 'expYear must be a year' }).max(2100, { error: 'expYear must be a year' });

/**
 * POST /api/payment-methods/add. With the test provider the card number travels to OnAir's server,
 * which hands it to the provider and keeps only its token; with Stripe the browser sends `token`
 * (a PaymentMethod id from Stripe's own form) and no number ever reaches OnAir.
 */
export const PaymentMethodAddRequestSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('card'),
      token: z.string().max(200).optional(),
      cardNumber: digits('cardNumber', 13, 19).optional(),
      expMonth: month.optional(),
      expYear: year.optional(),
      cvc: digits('cvc', 3, 4).optional(),
      makeDefault: z.boolean({ error: 'makeDefault must be true or false' }).optional(),
    }),
    z.object({
      type: z.literal('mobile_money'),
      brand: z.enum(MOBILE_MONEY_BRANDS, { error: `brand must be one of ${MOBILE_MONEY_BRANDS.join(', ')}` }),
      phoneNumber: digits('phoneNumber', 7, 15, { phone: true }),
      makeDefault: z.boolean({ error: 'makeDefault must be true or false' }).optional(),
    }),
    z.object({
      type: z.literal('bank'),
      bankName: z.string({ error: 'bankName is required' }).trim().min(1, { error: 'bankName is required' }).max(80, { error: 'bankName must be at most 80 characters' }),
      accountNumber: digits('accountNumber', 4, 34),
      makeDefault: z.boolean({ error: 'makeDefault must be true or false' }).optional(),
    }),
  ],
  { error: `type must be one of ${PAYMENT_METHOD_TYPES.join(', ')}` },
);
export type PaymentMethodAddRequest = z.input<typeof PaymentMethodAddRequestSchema>;

export const PaymentMethodIdParamsSchema = z.object({ id: idParam('id') });

export const SubscriptionTierSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Major units, as the spec's tier cards show (9.99). */
  price: z.number(),
  priceCents: Cents,
  currency: z.string(),
  interval: z.enum(['month']),
  popular: z.boolean(),
  features: z.array(z.string()),
});
export type SubscriptionTier = z.infer<typeof SubscriptionTierSchema>;

export const TierIdParamsSchema = z.object({ id: z.string().trim().min(1, { error: 'id is required' }).max(32, { error: 'id must be at most 32 characters' }) });

/** Admins edit a tier (PATCH /api/subscriptions/tiers/:id). */
export const TierUpdateRequestSchema = z.object({
  name: z.string({ error: 'name must be text' }).trim().min(1, { error: 'name is required' }).max(40, { error: 'name must be at most 40 characters' }).optional(),
  priceCents: z.number({ error: 'priceCents must be a number' }).int({ error: 'priceCents must be whole cents' }).min(0, { error: 'priceCents must be at least 0' }).max(1_000_000, { error: 'priceCents must be at most 1000000' }).optional(),
  popular: z.boolean({ error: 'popular must be true or false' }).optional(),
  features: z.array(z.string().trim().min(1, { error: 'features must not hold empty lines' }).max(120, { error: 'features lines must be at most 120 characters' }), { error: 'features must be a list of text' }).max(12, { error: 'features must have at most 12 lines' }).optional(),
});

export const SubscribeRequestSchema = z.object({
  tierId: z.string({ error: 'tierId is required' }).trim().min(1, { error: 'tierId is required' }).max(32, { error: 'tierId must be at most 32 characters' }),
  paymentMethodId: idField('paymentMethodId').optional(),
  /** The creator whose page the viewer subscribed from: their share of the charge is theirs. */
  creatorId: idField('creatorId').optional(),
  idempotencyKey: z.string({ error: 'idempotencyKey must be text' }).trim().min(8, { error: 'idempotencyKey must be at least 8 characters' }).max(100, { error: 'idempotencyKey must be at most 100 characters' }).optional(),
});
export type SubscribeRequest = z.input<typeof SubscribeRequestSchema>;

export const MembershipSchema = z.object({
  tierId: z.string(),
  tierName: z.string(),
  status: z.enum(['free', 'active', 'canceling', 'past_due']),
  currentPeriodEnd: IsoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Test mode: the provider moves no real money (shown as a badge). */
  testMode: z.boolean(),
  provider: z.string(),
});
export type Membership = z.infer<typeof MembershipSchema>;

export const PaymentResultSchema = z.object({
  paymentId: z.number().int(),
  amountCents: Cents,
  currency: z.string(),
  status: z.enum(['succeeded']),
  providerRef: z.string(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const SubscribeResponseSchema = z.object({ membership: MembershipSchema, payment: PaymentResultSchema.nullable() });
export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;

export const DonationSendRequestSchema = z.object({
  amount: z
    .number({ error: 'amount must be a number' })
    .min(DONATION.minimum, { error: `amount must be at least ${DONATION.minimum}` })
    .max(DONATION.maximum, { error: `amount must be at most ${DONATION.maximum}` })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'amount must have at most two decimals' }),
  creatorId: idField('creatorId'),
  contentId: idField('contentId').optional(),
  message: z.string({ error: 'message must be text' }).trim().max(200, { error: 'message must be at most 200 characters' }).optional(),
  paymentMethodId: idField('paymentMethodId').optional(),
  idempotencyKey: z.string({ error: 'idempotencyKey must be text' }).trim().min(8, { error: 'idempotencyKey must be at least 8 characters' }).max(100, { error: 'idempotencyKey must be at most 100 characters' }).optional(),
});
export type DonationSendRequest = z.input<typeof DonationSendRequestSchema>;

export const DonationSchema = z.object({
  id: z.number().int(),
  creatorId: z.number().int(),
  creatorName: z.string(),
  donorId: z.number().int(),
  donorName: z.string(),
  contentId: z.number().int().nullable(),
  amountCents: Cents,
  currency: z.string(),
  message: z.string().nullable(),
  createdAt: IsoDate,
});
export type Donation = z.infer<typeof DonationSchema>;

export const DonationsListSchema = z.object({ received: z.array(DonationSchema), sent: z.array(DonationSchema) });
export type DonationsList = z.infer<typeof DonationsListSchema>;

export const RevenueBySourceSchema = z.object(Object.fromEntries(REVENUE_SOURCES.map((s) => [s, Cents])) as Record<RevenueSource, typeof Cents>);
export type RevenueBySource = z.infer<typeof RevenueBySourceSchema>;

export const RevenueMonthSchema = z.object({ month: z.string(), grossCents: Cents, feeCents: Cents, netCents: Cents, bySource: RevenueBySourceSchema });

export const RevenueSummarySchema = z.object({
  scope: z.enum(['creator', 'platform']),
  currency: z.string(),
  platformFeePercent: z.number(),
  /** Creator: everything paid to them; platform: everything paid through OnAir. */
  grossCents: Cents,
  /** The platform's fee on those payments. */
  feeCents: Cents,
  /** Creator: gross minus fee (their earnings); platform: what OnAir kept (fees plus plans bought without a creator). */
  netCents: Cents,
  /** Creator: net earnings minus payouts; platform: what is owed to creators (their balances together). */
  balanceCents: Cents,
  /** Percent change of this month's net against last month's; null without last month's figure. */
  monthlyGrowth: z.number().nullable(),
  bySource: RevenueBySourceSchema,
  months: z.array(RevenueMonthSchema),
  testMode: z.boolean(),
});
export type RevenueSummary = z.infer<typeof RevenueSummarySchema>;

export const RevenueQuerySchema = z.object({
  months: z.coerce.number({ error: 'months must be a number' }).int({ error: 'months must be a whole number' }).min(1, { error: 'months must be at least 1' }).max(36, { error: 'months must be at most 36' }).optional(),
});

export const SponsorshipOfferSchema = z.object({
  id: z.number().int(),
  sponsorName: z.string(),
  title: z.string(),
  description: z.string(),
  monthlyAmountCents: Cents,
  currency: z.string(),
  minMonthlyViews: z.number().int(),
  durationMonths: z.number().int(),
  /** The asking creator's views over the last 30 days, and whether they reach the requirement. */
  creatorMonthlyViews: z.number().int(),
  eligible: z.boolean(),
  application: z.object({ id: z.number().int(), status: z.enum(['pending', 'accepted', 'rejected']), paymentsMade: z.number().int() }).nullable(),
});
export type SponsorshipOffer = z.infer<typeof SponsorshipOfferSchema>;

export const SponsorshipOfferCreateRequestSchema = z.object({
  sponsorName: z.string({ error: 'sponsorName is required' }).trim().min(1, { error: 'sponsorName is required' }).max(80, { error: 'sponsorName must be at most 80 characters' }),
  title: z.string({ error: 'title is required' }).trim().min(1, { error: 'title is required' }).max(120, { error: 'title must be at most 120 characters' }),
  description: z.string({ error: 'description must be text' }).trim().max(500, { error: 'description must be at most 500 characters' }).optional(),
  monthlyAmountCents: z.number({ error: 'monthlyAmountCents must be a number' }).int({ error: 'monthlyAmountCents must be whole cents' }).min(100, { error: 'monthlyAmountCents must be at least 100' }).max(10_000_000, { error: 'monthlyAmountCents must be at most 10000000' }),
  minMonthlyViews: z.number({ error: 'minMonthlyViews must be a number' }).int({ error: 'minMonthlyViews must be a whole number' }).min(0, { error: 'minMonthlyViews must be at least 0' }).max(1_000_000_000, { error: 'minMonthlyViews is too large' }),
  durationMonths: z.number({ error: 'durationMonths must be a number' }).int({ error: 'durationMonths must be a whole number' }).min(1, { error: 'durationMonths must be at least 1' }).max(60, { error: 'durationMonths must be at most 60' }),
});

export const SponsorshipApplicationSchema = z.object({
  id: z.number().int(),
  offerId: z.number().int(),
  offerTitle: z.string(),
  sponsorName: z.string(),
  creatorId: z.number().int(),
  creatorName: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  paymentsMade: z.number().int(),
  appliedAt: IsoDate,
});
export type SponsorshipApplication = z.infer<typeof SponsorshipApplicationSchema>;

export const SponsorshipIdParamsSchema = z.object({ id: idParam('id') });

/** Creators mark an item subscribers-only (PUT /api/content/:id/access). */
export const ContentAccessRequestSchema = z.object({ subscribersOnly: z.boolean({ error: 'subscribersOnly must be true or false' }) });
export const ContentAccessSchema = z.object({ contentId: z.number().int(), subscribersOnly: z.boolean(), canWatch: z.boolean() });
export type ContentAccess = z.infer<typeof ContentAccessSchema>;

/** Pushed to `user:{creatorId}` when a donation arrives. */
export type DonationReceivedEvent = Donation;
