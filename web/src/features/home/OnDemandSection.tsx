/**
 * Home's On demand section: the programmes there are to watch or hear when nothing is live, or
 * something else is wanted. The newest items with media ready to play (recordings, uploads), narrowed
 * by a search of titles and creators and by type, a page at a time with Show more. Every item opens
 * its watch page.
 */
import { useState } from 'react';
import { Badge, Button, Card, CloseButton, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconClock, IconMovieOff, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Content, ContentType } from '@onair/protocol';
import { CONTENT_LIST_MAX } from '@onair/protocol/constants';
import { CONTENT_TYPE_LABELS, CONTENT_TYPES } from '@onair/protocol/constants';
import { contentQueries } from '../content/queries';
import { formatMinutes } from '../creator/format';
import { EmptyCard } from './EmptyCard';
import { TitleAndCreator } from './TitleAndCreator';

/** Items a page: four rows of three on a wide screen. */
const PAGE_SIZE = 12;
const TYPE_CHOICES = [{ value: 'all', label: 'All' }, ...CONTENT_TYPES.map((value) => ({ value, label: CONTENT_TYPE_LABELS[value] }))];

function OnDemandCard({ item }: { item: Content }) {
  const creator = item.creatorName ?? 'Unknown creator';
  return (
    <Link
      to="/watch/$contentId"
      params={{ contentId: String(item.id) }}
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label={`${item.title}, ${CONTENT_TYPE_LABELS[item.type]} by ${creator}, ${formatMinutes(item.duration)}`}
      data-testid={`on-demand-${item.id}`}
    >
      <Card withBorder radius="md" h="100%">
        <Group justify="space-between" mb="xs">
          <Badge variant="light" color="gray">
            {CONTENT_TYPE_LABELS[item.type]}
          </Badge>
          <Group gap={4} c="dimmed">
            <IconClock size={14} aria-hidden />
            <Text size="sm">{formatMinutes(item.duration)}</Text>
          </Group>
        </Group>
        <TitleAndCreator item={item} />
      </Card>
    </Link>
  );
}

export function OnDemandSection() {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  const [type, setType] = useState<ContentType | null>(null);
  // Show more counts for one search and type: another starts from its first page, and going back to the
  // one shown more finds it as it was left.
  const filter = `${typed}\n${type ?? ''}`;
  const [more, setMore] = useState({ filter, limit: PAGE_SIZE });
  const limit = more.filter === filter ? more.limit : PAGE_SIZE;
  const list = useQuery({ ...contentQueries.browse({ search: typed, type, limit }), placeholderData: keepPreviousData });
  const items = list.data ?? [];
  const hasMore = items.length === limit && limit < CONTENT_LIST_MAX;

  const body = (() => {
    if (list.isPending) {
      return (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={110} radius="md" />
          ))}
        </SimpleGrid>
      );
    }
    if (list.isError && !list.data) {
      return (
        <EmptyCard icon={<IconAlertTriangle size={26} />} title="On-demand programmes could not be loaded" text={list.error.message}>
          <Button variant="default" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </EmptyCard>
      );
    }
    if (items.length === 0) {
      return typed || type ? (
        <EmptyCard icon={<IconSearch size={26} />} title="Nothing matches" text={`No ${type ? `${CONTENT_TYPE_LABELS[type]} ` : ''}programme${typed ? ` has “${typed}” in its title or its creator’s name` : ' is ready to play yet'}.`}>
          <Button
            variant="default"
            onClick={() => {
              setSearch('');
              setType(null);
            }}
          >
            Show everything
          </Button>
        </EmptyCard>
      ) : (
        <EmptyCard icon={<IconMovieOff size={26} />} title="Nothing to watch on demand yet" text="Recordings of broadcasts and uploaded programmes appear here once they are ready to play." />
      );
    }
    return (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="on-demand-grid" aria-busy={list.isFetching}>
          {items.map((item) => (
            <OnDemandCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
        {hasMore && (
          <Group justify="center">
            <Button variant="default" loading={list.isFetching} onClick={() => setMore({ filter, limit: limit + PAGE_SIZE })}>
              Show more
            </Button>
          </Group>
        )}
      </>
    );
  })();

  return (
    <Stack component="section" aria-labelledby="on-demand">
      <Group justify="space-between" align="end" wrap="wrap">
        <Title order={2} id="on-demand">
          On demand
        </Title>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="Type"
            data={TYPE_CHOICES}
            value={type ?? 'all'}
            onChange={(value) => setType(value === 'all' ? null : (value as ContentType))}
          />
          <TextInput
            aria-label="Search on demand"
            placeholder="Search titles and creators"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={search ? <CloseButton aria-label="Clear search" onClick={() => setSearch('')} /> : null}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
            w={260}
          />
        </Group>
      </Group>
      {body}
    </Stack>
  );
}
