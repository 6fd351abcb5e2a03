import { useState } from 'react';
import { Card, Group, Loader, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Content, Donation } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { useAuth } from '../auth/AuthProvider';
import { DonateForm } from './DonateForm';
import { formatMoney, monetizationQueries } from './queries';

function DonationTable({ rows, who, empty, testId }: { rows: Donation[]; who: 'donorName' | 'creatorName'; empty: string; testId: string }) {
  if (rows.length === 0) return <Text c="dimmed" size="sm">{empty}</Text>;
  return (
    <Table data-testid={testId}>
      <Table.Tbody>
        {rows.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>{d[who]}</Table.Td>
            <Table.Td>{formatMoney(d.amountCents, d.currency)}</Table.Td>
            <Table.Td c="dimmed">{d.message ?? ''}</Table.Td>
            <Table.Td c="dimmed">{new Date(d.createdAt).toLocaleString()}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Creators of what is on air now, for the donation form. */
function useLiveCreators() {
  return useQuery({
    queryKey: ['/api/content', 'live-creators'],
    queryFn: async () => {
      const items = await apiRequest<Content[]>('GET', '/api/content?live=true&limit=100');
      const seen = new Map<number, string>();
      for (const c of items) if (c.creatorId !== null && !seen.has(c.creatorId)) seen.set(c.creatorId, `${c.creatorName ?? 'Creator'} · ${c.title}`);
      return [...seen.entries()].map(([id, label]) => ({ value: String(id), label }));
    },
  });
}

export function DonationsTab() {
  const { user } = useAuth();
  const donations = useQuery(monetizationQueries.donations());
  const creators = useLiveCreators();
  const [creatorId, setCreatorId] = useState<string | null>(null);
  const isCreator = user?.role === 'creator' || user?.role === 'admin';
  const options = (creators.data ?? []).filter((o) => Number(o.value) !== user?.id);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder padding="lg">
        <Stack>
          <Title order={2} size="h4">Support a creator</Title>
          <Select label="Creator on air now" placeholder={options.length ? 'Choose a creator' : 'Nobody is on air right now'} data={options} value={creatorId} onChange={setCreatorId} disabled={!options.length} />
          {creatorId && <DonateForm creatorId={Number(creatorId)} />}
          <Text size="xs" c="dimmed">You can also donate from the Donate button of any show you watch.</Text>
        </Stack>
      </Card>
      <Stack>
        {donations.isPending ? (
          <Loader />
        ) : donations.isError ? (
          <Text c="red">{donations.error.message}</Text>
        ) : (
          <>
            {isCreator && (
              <Card withBorder padding="lg">
                <Group justify="space-between" mb="sm">
                  <Title order={2} size="h4">Received</Title>
                </Group>
                <DonationTable rows={donations.data.received} who="donorName" empty="No donations received yet." testId="donations-received" />
              </Card>
            )}
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="sm">
                Sent
              </Title>
              <DonationTable rows={donations.data.sent} who="creatorName" empty="You have not donated yet." testId="donations-sent" />
            </Card>
          </>
        )}
      </Stack>
    </SimpleGrid>
  );
}
