import { LoadError } from '../../components/LoadError';
import { useState } from 'react';
import { Badge, Button, Card, Group, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionTier } from '@onair/protocol';
import { OfflineNote } from '../../components/OfflineNote';
import { useBrowserOnline } from '../../lib/online';
import { toast, toastError } from '../../lib/toast';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import { formatMoney, monetizationQueries, newIdempotencyKey, useCancelPlan, useSubscribe } from './queries';

function TierCard({ tier, current, methodId }: { tier: SubscriptionTier; current: boolean; methodId: number | null }) {
  const subscribe = useSubscribe();
  const online = useBrowserOnline();
  // One key per attempt on this card: a double click or a retry after a lost answer charges once.
  const [key, setKey] = useState(newIdempotencyKey);
  const onSubscribe = () =>
    subscribe.mutate(
      { tierId: tier.id, paymentMethodId: methodId ?? undefined, idempotencyKey: key },
      {
        onSuccess: ({ membership }) => {
          setKey(newIdempotencyKey());
          toast({ title: 'Subscription Activated', description: `You are now on ${membership.tierName}.` });
        },
        onError: (error) => {
          setKey(newIdempotencyKey());
          toastError('Subscription failed')(error);
        },
      },
    );
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`tier-${tier.id}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={2} size="h4">{tier.name}</Title>
          {tier.popular && <Badge>Most popular</Badge>}
        </Group>
        <Text fz={28} fw={700}>
          {tier.priceCents === 0 ? 'Free' : formatMoney(tier.priceCents, tier.currency)}
          {tier.priceCents > 0 && (
            <Text span c="dimmed" fz="sm">
              {' '}
              / {tier.interval}
            </Text>
          )}
        </Text>
        <List spacing={4} size="sm" icon={<IconCheck size={14} />} style={{ flex: 1 }}>
          {tier.features.map((f) => (
            <List.Item key={f}>{f}</List.Item>
          ))}
        </List>
        {tier.priceCents > 0 && (
          <>
            <Button onClick={onSubscribe} disabled={current || methodId === null || !online} loading={subscribe.isPending}>
              {current ? 'Current plan' : `Subscribe to ${tier.name}`}
            </Button>
            {!current && <OfflineNote testId={`tier-${tier.id}-offline`}>Nothing is charged; subscribe when your connection is back.</OfflineNote>}
          </>
        )}
        {tier.priceCents === 0 && current && <Text size="sm" c="dimmed">Your current plan</Text>}
      </Stack>
    </Card>
  );
}

export function SubscriptionsTab() {
  const tiers = useQuery(monetizationQueries.tiers());
  const membership = useQuery(monetizationQueries.membership());
  const cancel = useCancelPlan();
  // The card a new plan is charged to: the default one unless the person picks another.
  const [methodId, setMethodId] = useState<number | null>(null);
  if (tiers.isPending || membership.isPending) return <Loader />;
  if (tiers.isError) return <LoadError error={tiers.error} retry={tiers.refetch} />;
  const m = membership.data;
  return (
    <Stack>
      {m && m.status !== 'free' && (
        <Card withBorder padding="md">
          <Group justify="space-between">
            <Text size="sm">
              {m.tierName} · {m.cancelAtPeriodEnd ? 'ends' : 'renews'} on {new Date(m.currentPeriodEnd!).toLocaleDateString()}
              {m.status === 'past_due' && ' · the last renewal failed'}
            </Text>
            <Button
              size="xs"
              variant="default"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(!m.cancelAtPeriodEnd, {
                  onSuccess: (next) => toast({ title: next.cancelAtPeriodEnd ? 'Plan Cancelled' : 'Plan Resumed', description: next.cancelAtPeriodEnd ? `You keep ${next.tierName} until the end of this period.` : `${next.tierName} will renew as usual.` }),
                  onError: toastError('Could not change your plan'),
                })
              }
            >
              {m.cancelAtPeriodEnd ? 'Keep my plan' : 'Cancel at period end'}
            </Button>
          </Group>
        </Card>
      )}
      <PaymentMethodPicker value={methodId} onChange={setMethodId} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {tiers.data.map((tier) => (
          <TierCard key={tier.id} tier={tier} current={(m?.tierId ?? 'free') === tier.id} methodId={methodId} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
