import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Donation, Membership } from '@onair/protocol';
import { useSocketEvent } from '../../lib/live';
import { toast } from '../../lib/toast';
import { formatMoney, monetizationQueries } from './queries';

/**
 * A creator's donations arrive on their own socket room: they go into the donations list and the
 * revenue figures refresh, without a reload. Membership changes (a renewal, an ended plan) too.
 */
export function useMonetizationLive() {
  const client = useQueryClient();
  const onDonation = useCallback(
    (donation: Donation) => {
      client.setQueryData(monetizationQueries.donations().queryKey, (list) =>
        list ? { ...list, received: [donation, ...list.received.filter((d) => d.id !== donation.id)] } : list,
      );
      void client.invalidateQueries({ queryKey: monetizationQueries.revenue().queryKey });
      void client.invalidateQueries({ queryKey: ['/api/creator'] });
      toast({ title: 'Donation Received', description: `${donation.donorName} sent ${formatMoney(donation.amountCents, donation.currency)}${donation.message ? `: “${donation.message}”` : ''}` });
    },
    [client],
  );
  const onMembership = useCallback((membership: Membership) => client.setQueryData(monetizationQueries.membership().queryKey, membership), [client]);
  useSocketEvent('donation:received', onDonation);
  useSocketEvent('membership:updated', onMembership);
}
