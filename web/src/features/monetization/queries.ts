import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContentAccess,
  Donation,
  DonationSendRequest,
  DonationsList,
  Membership,
  PaymentMethod,
  PaymentMethodAddRequest,
  RevenueSummary,
  SponsorshipApplication,
  SponsorshipOffer,
  SubscribeRequest,
  SubscribeResponse,
  SubscriptionTier,
} from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export const monetizationQueries = {
  tiers: () => queryOptions({ queryKey: ['/api/subscriptions/tiers'], queryFn: () => apiRequest<SubscriptionTier[]>('GET', '/api/subscriptions/tiers') }),
  membership: () => queryOptions({ queryKey: ['/api/subscriptions/me'], queryFn: () => apiRequest<Membership>('GET', '/api/subscriptions/me') }),
  methods: () => queryOptions({ queryKey: ['/api/user/payment-methods'], queryFn: () => apiRequest<PaymentMethod[]>('GET', '/api/user/payment-methods') }),
  donations: () => queryOptions({ queryKey: ['/api/donations'], queryFn: () => apiRequest<DonationsList>('GET', '/api/donations') }),
  revenue: () => queryOptions({ queryKey: ['/api/revenue/summary'], queryFn: () => apiRequest<RevenueSummary>('GET', '/api/revenue/summary') }),
  sponsorships: () => queryOptions({ queryKey: ['/api/sponsorships/available'], queryFn: () => apiRequest<SponsorshipOffer[]>('GET', '/api/sponsorships/available') }),
  applications: () => queryOptions({ queryKey: ['/api/sponsorships/applications'], queryFn: () => apiRequest<SponsorshipApplication[]>('GET', '/api/sponsorships/applications') }),
  /** Whether an item is subscribers-only, and whether the caller may watch it. */
  access: (contentId: number) => queryOptions({ queryKey: [`/api/content/${contentId}/access`], queryFn: () => apiRequest<ContentAccess>('GET', `/api/content/${contentId}/access`) }),
};

/** A fresh key per attempt; a retry of the same attempt (same mutation variables) reuses it. */
export const newIdempotencyKey = () => crypto.randomUUID();

export function useAddPaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentMethodAddRequest) => apiRequest<PaymentMethod>('POST', '/api/payment-methods/add', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: monetizationQueries.methods().queryKey }),
  });
}

export function usePaymentMethodAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'default' | 'remove' }) =>
      action === 'remove' ? apiRequest<PaymentMethod[]>('DELETE', `/api/payment-methods/${id}`) : apiRequest<PaymentMethod[]>('POST', `/api/payment-methods/${id}/default`),
    onSuccess: (methods) => client.setQueryData(monetizationQueries.methods().queryKey, methods),
  });
}

export function useSubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SubscribeRequest) => apiRequest<SubscribeResponse>('POST', '/api/subscriptions/subscribe', input),
    onSuccess: ({ membership }) => {
      client.setQueryData(monetizationQueries.membership().queryKey, membership);
      void client.invalidateQueries({ queryKey: ['/api/user'] });
    },
  });
}

export function useCancelPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) => apiRequest<Membership>('POST', cancel ? '/api/subscriptions/cancel' : '/api/subscriptions/resume'),
    onSuccess: (membership) => client.setQueryData(monetizationQueries.membership().queryKey, membership),
  });
}

export function useDonate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DonationSendRequest) => apiRequest<Donation>('POST', '/api/donations/send', input),
    onSuccess: (donation) =>
      client.setQueryData(monetizationQueries.donations().queryKey, (list) => (list ? { ...list, sent: [donation, ...list.sent.filter((d) => d.id !== donation.id)] } : list)),
  });
}

export function useApplyToOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (offerId: number) => apiRequest<SponsorshipOffer[]>('POST', `/api/sponsorships/offers/${offerId}/apply`),
    onSuccess: (offers) => client.setQueryData(monetizationQueries.sponsorships().queryKey, offers),
  });
}

export function useDecideApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) => apiRequest<SponsorshipApplication>('POST', `/api/sponsorships/applications/${id}/${accept ? 'accept' : 'reject'}`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: monetizationQueries.applications().queryKey });
      void client.invalidateQueries({ queryKey: monetizationQueries.revenue().queryKey });
    },
  });
}

/** $12.34 from cents. */
export const formatMoney = (cents: number, currency = 'USD') => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
