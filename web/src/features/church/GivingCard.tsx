import { useState } from 'react';
import { Anchor, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { GIVING_CURRENCIES, type GivingSummary } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { PaymentMethodPicker } from '../monetization/PaymentMethodPicker';
import { TestModeBadge } from '../monetization/TestModeBadge';
import { monetizationQueries, newIdempotencyKey } from '../monetization/queries';
import { churchQueries, useChurchActions } from './queries';

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/**
 * Tithes and offerings, one-off or monthly, charged to one of the member's payment methods through the
 * monetization provider; and the member's giving this year with its statement (CSV or PDF).
 */
export function GivingCard({ churchId, churchName }: { churchId: number; churchName: string }) {
  const year = new Date().getUTCFullYear();
  const giving = useQuery(churchQueries.giving(churchId, year));
  const actions = useChurchActions(churchId);
  const [amount, setAmount] = useState<number | string>('');
  const [currency, setCurrency] = useState<string>('USD');
  const [fund, setFund] = useState<'tithe' | 'offering'>('offering');
  const [interval, setInterval] = useState<'once' | 'monthly'>('once');
  const [methodId, setMethodId] = useState<number | null>(null);
  // One key per attempt: a double click or a retried request charges once; a new attempt gets a new key.
  const [key, setKey] = useState(newIdempotencyKey);
  const membership = useQuery(monetizationQueries.membership());
  const cents = typeof amount === 'number' ? Math.round(amount * 100) : 0;
  const give = () =>
    actions.give.mutate(
      { amountCents: cents, currency: currency as (typeof GIVING_CURRENCIES)[number], fund, interval, paymentMethodId: methodId ?? undefined, idempotencyKey: key },
      {
        onSuccess: (gift) => {
          toast({ title: 'Gift Received', description: `Thank you for supporting ${churchName}!${gift.testMode ? ' (test mode: no real money moved)' : ''}` });
          setAmount('');
          setKey(newIdempotencyKey());
        },
        onError: (error) => {
          setKey(newIdempotencyKey());
          toastError('Gift Failed')(error);
        },
      },
    );
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">Giving</Title>
        <TestModeBadge testMode={membership.data?.testMode} />
      </Group>
      <PaymentMethodPicker value={methodId} onChange={setMethodId} />
      {/* Two columns at every width: the card is a narrow column of the church page even on a wide screen. */}
      <SimpleGrid cols={2} style={{ alignItems: 'end' }}>
        <NumberInput label="Amount" min={1} decimalScale={2} value={amount} onChange={setAmount} />
        <Select label="Currency" data={[...GIVING_CURRENCIES]} value={currency} onChange={(v) => setCurrency(v ?? 'USD')} />
        <Select label="Fund" data={[{ value: 'tithe', label: 'Tithe' }, { value: 'offering', label: 'Offering' }]} value={fund} onChange={(v) => setFund((v as 'tithe' | 'offering') ?? 'offering')} />
        <Select label="Frequency" data={[{ value: 'once', label: 'One-off' }, { value: 'monthly', label: 'Monthly' }]} value={interval} onChange={(v) => setInterval((v as 'once' | 'monthly') ?? 'once')} />
        <Button disabled={cents < 100 || methodId === null} loading={actions.give.isPending} onClick={give}>
          Give
        </Button>
      </SimpleGrid>
      <Statement summary={giving.data} churchId={churchId} year={year} />
    </Card>
  );
}

function Statement({ summary, churchId, year }: { summary: GivingSummary | undefined; churchId: number; year: number }) {
  if (!summary) return null;
  return (
    <Stack gap="xs" mt="md" data-testid="giving-statement">
      <Group justify="space-between">
        <Text fw={600}>My giving in {year}</Text>
        <Group gap="md">
          <Anchor href={`/api/churches/${churchId}/giving-statement.csv?year=${year}`} download>
            Download giving statement (CSV)
          </Anchor>
          <Anchor href={`/api/churches/${churchId}/giving-statement.pdf?year=${year}`} download>
            Download giving statement (PDF)
          </Anchor>
        </Group>
      </Group>
      {summary.gifts.length === 0 ? (
        <Text c="dimmed">No gifts this year.</Text>
      ) : (
        <Table>
          <Table.Tbody>
            {summary.gifts.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>{g.createdAt.slice(0, 10)}</Table.Td>
                <Table.Td>{g.fund === 'tithe' ? 'Tithe' : 'Offering'}</Table.Td>
                <Table.Td>{money(g.amountCents, g.currency)}</Table.Td>
                <Table.Td>{g.recurring ? 'Monthly' : 'One-off'}</Table.Td>
                <Table.Td>{g.testMode ? 'test mode' : g.paymentReference}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {summary.totals.map((t) => (
        <Text key={t.currency} fw={600}>
          Total: {money(t.amountCents, t.currency)}
        </Text>
      ))}
    </Stack>
  );
}
