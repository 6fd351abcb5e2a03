/**
 * Table types of monetization (migration 0008_monetization). Money is integer cents with a currency;
 * `ledger_entries` is append-only and every balance or revenue figure is a sum over it.
 */
import type { Generated, Selectable } from 'kysely';
import type { PaymentMethodType, RevenueSource } from '@onair/protocol';

export interface SubscriptionTiersTable {
  id: string;
  name: string;
  priceCents: number;
  currency: Generated<string>;
  interval: Generated<string>;
  popular: Generated<number>;
  /** JSON array of lines. */
  features: string;
  position: number;
  updatedAt: number;
}

/** What the provider gave back for a card, wallet or account: never the number itself. */
export interface PaymentMethodsTable {
  id: Generated<number>;
  userId: number;
  type: PaymentMethodType;
  provider: string;
  providerToken: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  isDefault: number;
  createdAt: number;
}

/** One charge attempt. The idempotency key is unique: a retry finds the first attempt instead of charging. */
export interface PaymentsTable {
  id: Generated<number>;
  payerId: number | null;
  creatorId: number | null;
  source: RevenueSource;
  amountCents: number;
  currency: string;
  provider: string;
  providerRef: string | null;
  paymentMethodId: number | null;
  idempotencyKey: string;
  status: 'pending' | 'succeeded';
  createdAt: number;
}

/**
 * One money movement, signed as it moves a creator's balance: a charge is +gross, the platform's fee
 * on it −fee, a refund −gross (and +fee back), a payout −amount. Rows without a creator are the
 * platform's own sales (a plan bought outside any creator's page).
 */
export interface LedgerEntriesTable {
  id: Generated<number>;
  paymentId: number | null;
  kind: 'charge' | 'platform_fee' | 'refund' | 'fee_refund' | 'payout';
  source: RevenueSource | 'payout';
  amountCents: number;
  currency: string;
  payerId: number | null;
  creatorId: number | null;
  provider: string;
  providerRef: string | null;
  createdAt: number;
}

export interface DonationsTable {
  id: Generated<number>;
  paymentId: number;
  donorId: number;
  creatorId: number;
  contentId: number | null;
  amountCents: number;
  currency: string;
  message: string | null;
  createdAt: number;
}

/** A person's paid plan: one row per person, renewed monthly by the renewal sweep. */
export interface MembershipsTable {
  id: Generated<number>;
  userId: number;
  tierId: string;
  status: 'active' | 'past_due' | 'ended';
  creatorId: number | null;
  paymentMethodId: number | null;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: number;
  createdAt: number;
  updatedAt: number;
}

export interface ContentAccessTable {
  contentId: number;
  subscribersOnly: number;
  updatedAt: number;
}

export interface SponsorshipOffersTable {
  id: Generated<number>;
  sponsorName: string;
  title: string;
  description: string;
  monthlyAmountCents: number;
  currency: Generated<string>;
  minMonthlyViews: number;
  durationMonths: number;
  createdBy: number | null;
  createdAt: number;
}

export interface SponsorshipApplicationsTable {
  id: Generated<number>;
  offerId: number;
  creatorId: number;
  status: 'pending' | 'accepted' | 'rejected';
  paymentsMade: Generated<number>;
  nextPaymentAt: number | null;
  decidedBy: number | null;
  decidedAt: number | null;
  appliedAt: number;
}

/** Provider events already applied (Stripe delivers at least once). */
export interface WebhookEventsTable {
  id: string;
  provider: string;
  type: string;
  receivedAt: number;
}

export interface MonetizationTables {
  subscriptionTiers: SubscriptionTiersTable;
  paymentMethods: PaymentMethodsTable;
  payments: PaymentsTable;
  ledgerEntries: LedgerEntriesTable;
  donations: DonationsTable;
  memberships: MembershipsTable;
  contentAccess: ContentAccessTable;
  sponsorshipOffers: SponsorshipOffersTable;
  sponsorshipApplications: SponsorshipApplicationsTable;
  webhookEvents: WebhookEventsTable;
}

export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type MembershipRow = Selectable<MembershipsTable>;
export type TierRow = Selectable<SubscriptionTiersTable>;
