import { useState } from 'react';
import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconPower } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RECEIVER_STATUSES, type ReceiverStatus, type SatelliteReceiver } from '@onair/protocol';
import { AddReceiverDialog } from './AddReceiverDialog';
import { satelliteQueries, useSetReceiverStatus } from './queries';

const STATUS_COLOR: Record<ReceiverStatus, string> = { online: 'green', offline: 'gray', error: 'red' };
const NO_REGION = 'No region';

function byRegion(receivers: SatelliteReceiver[]) {
  const groups = new Map<string, SatelliteReceiver[]>();
  for (const r of receivers) {
    const region = r.location.region ?? NO_REGION;
    groups.set(region, [...(groups.get(region) ?? []), r]);
  }
  return [...groups].sort(([a], [b]) => (a === NO_REGION ? 1 : b === NO_REGION ? -1 : a.localeCompare(b)));
}

function RegionCard({ region, receivers }: { region: string; receivers: SatelliteReceiver[] }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text fw={600}>{region}</Text>
      <Text size="xs" c="dimmed" mb={6}>
        {receivers.length} {receivers.length === 1 ? 'receiver' : 'receivers'}
      </Text>
      <Group gap={6}>
        {RECEIVER_STATUSES.map((status) => (
          <Badge key={status} color={STATUS_COLOR[status]} variant="light">
            {status} {receivers.filter((r) => r.status === status).length}
          </Badge>
        ))}
      </Group>
    </Card>
  );
}

/** Receivers by region with status counts, the list with its toggle, and the add dialog. */
export function SatelliteReceivers({ showOwner = false }: { showOwner?: boolean }) {
  const receivers = useQuery(satelliteQueries.list());
  const setStatus = useSetReceiverStatus();
  const [adding, setAdding] = useState(false);
  const list = receivers.data ?? [];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">Satellite Receivers</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add Receiver
        </Button>
      </Group>
      {receivers.isPending ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : receivers.isError ? (
        <Text c="red">{receivers.error.message}</Text>
      ) : list.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Text c="dimmed" ta="center">
            No satellite receivers registered
          </Text>
        </Card>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {byRegion(list).map(([region, group]) => (
              <RegionCard key={region} region={region} receivers={group} />
            ))}
          </SimpleGrid>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Receiver</Table.Th>
                  <Table.Th>Model</Table.Th>
                  <Table.Th>Region</Table.Th>
                  {showOwner && <Table.Th>Owner</Table.Th>}
                  <Table.Th>Last seen</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {r.deviceName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {r.deviceId}
                        {r.firmwareVersion ? ` · firmware ${r.firmwareVersion}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>{r.model}</Table.Td>
                    <Table.Td>{r.location.region ?? '–'}</Table.Td>
                    {showOwner && <Table.Td>{r.ownerName}</Table.Td>}
                    <Table.Td>{r.lastSeen ? new Date(r.lastSeen).toLocaleString() : 'Never'}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[r.status]}>{r.status}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPower size={14} />}
                        loading={setStatus.isPending && setStatus.variables?.receiver.id === r.id}
                        onClick={() => setStatus.mutate({ receiver: r })}
                      >
                        {r.status === 'online' ? 'Set offline' : 'Set online'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <AddReceiverDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
