/**
 * Regional curation: choose a region, a content type and a priority, then Apply Regional Curation.
 * Home then lists that content first for viewers in the region; the list shows what is in force.
 */
import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CURATION_CONTENT_TYPES, CURATION_PRIORITIES, CURATION_REGIONS } from '@onair/protocol/constants';
import type { CurationRequest } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { regionLabel } from './format';
import { ErrorText, Loading, Panel } from './parts';
import { adminQueries, useApplyCuration, useRemoveCuration } from './queries';

const TYPE_LABELS: Record<CurationRequest['contentType'], string> = { tv: 'TV', radio: 'Radio', education: 'Education', religious: 'Religious' };
const PRIORITY_COLOR = { high: 'red', medium: 'orange', low: 'gray' } as const;

export function CurationPanel() {
  const [region, setRegion] = useState<CurationRequest['region'] | null>(null);
  const [contentType, setContentType] = useState<CurationRequest['contentType'] | null>(null);
  const [priority, setPriority] = useState<CurationRequest['priority']>('medium');
  const list = useQuery(adminQueries.curation());
  const apply = useApplyCuration();
  const remove = useRemoveCuration();

  const submit = () => {
    if (!region || !contentType) return;
    apply.mutate(
      { region, contentType, priority },
      {
        onSuccess: (c) =>
          toast({ title: 'Curation applied', description: `${TYPE_LABELS[c.contentType]} comes first in ${regionLabel(c.region)} (${c.priority} priority).` }),
        onError: toastError('Curation failed'),
      },
    );
  };

  return (
    <Panel title="Regional content curation">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Target region"
          placeholder="Choose a region"
          data={CURATION_REGIONS.map((r) => ({ value: r, label: regionLabel(r) }))}
          value={region}
          onChange={(v) => setRegion(v as CurationRequest['region'] | null)}
          w={190}
        />
        <Select
          label="Content type"
          placeholder="Choose a type"
          data={CURATION_CONTENT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          value={contentType}
          onChange={(v) => setContentType(v as CurationRequest['contentType'] | null)}
          w={160}
        />
        <Select
          label="Priority"
          data={CURATION_PRIORITIES.map((p) => ({ value: p, label: p[0]!.toUpperCase() + p.slice(1) }))}
          value={priority}
          onChange={(v) => v && setPriority(v as CurationRequest['priority'])}
          allowDeselect={false}
          w={130}
        />
        <Button onClick={submit} disabled={!region || !contentType} loading={apply.isPending}>
          Apply Regional Curation
        </Button>
      </Group>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorText error={list.error} retry={list.refetch} />
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No curation in force: every region sees the newest content first.
        </Text>
      ) : (
        <Stack gap={4}>
          <Table verticalSpacing={4} aria-label="Curations in force">
            <Table.Tbody>
              {list.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{regionLabel(c.region)}</Table.Td>
                  <Table.Td>{TYPE_LABELS[c.contentType]}</Table.Td>
                  <Table.Td>
                    <Badge color={PRIORITY_COLOR[c.priority]} variant="light">
                      {c.priority}
                    </Badge>
                  </Table.Td>
                  <Table.Td c="dimmed" fz="xs">
                    {c.createdBy ?? 'unknown'}
                  </Table.Td>
                  <Table.Td w={40}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${TYPE_LABELS[c.contentType]} curation in ${regionLabel(c.region)}`}
                      loading={remove.isPending && remove.variables === c.id}
                      onClick={() => remove.mutate(c.id, { onError: toastError('Removal failed') })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Panel>
  );
}
