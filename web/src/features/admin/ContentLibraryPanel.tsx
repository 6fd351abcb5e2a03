/**
 * Every item on the instance, whatever its state, searched by title or creator and filtered by status,
 * type and media state, a page at a time: where an admin finds an item to open or take down (the
 * takedown asks for a reason the creator is sent). Items on air cannot be deleted until their broadcast
 * ends, as the server says. The open page follows the instance as it changes: a new item
 * (`content:added`), a broadcast starting or ending, media made or failed, or an edit
 * (`content:updated`), a deletion anywhere, a failed upload's item included (useContentRemovals).
 */
import { useEffect, useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useThrottledCallback } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ADMIN_MEDIA_STATES, CONTENT_TYPES, type AdminContentItem, type Content } from '@onair/protocol';
import { DeleteContentDialog } from '../creator/DeleteContentDialog';
import { STATUS_COLOR } from '../creator/ContentList';
import { countOf, formatMinutes } from '../creator/format';
import { formatTime } from './format';
import { Empty, ErrorText, FilterSelect, Loading, PageFooter, Panel, SearchBox } from './parts';
import { useSocketEvent } from '../../lib/live';
import { ADMIN_LIBRARY_KEY, adminQueries } from './queries';
import { CONTENT_TYPE_LABELS } from '@onair/protocol/constants';

const PAGE_SIZE = 10;
/** At most one read of the open page a second, however many items change at once (a wave of broadcasts ending). */
const CHANGES_READ_EVERY_MS = 1000;
const STATUS_LABEL: Record<Content['status'], string> = { live: 'On air', published: 'Published', offline: 'Offline' };
const MEDIA_LABEL: Record<(typeof ADMIN_MEDIA_STATES)[number], string> = { live: 'Live input', processing: 'Processing', ready: 'Ready', failed: 'Failed' };
const STATUS_OPTIONS = (Object.keys(STATUS_LABEL) as Content['status'][]).map((value) => ({ value, label: STATUS_LABEL[value] }));
const TYPE_OPTIONS = CONTENT_TYPES.map((value) => ({ value, label: CONTENT_TYPE_LABELS[value] }));
const MEDIA_OPTIONS = ADMIN_MEDIA_STATES.map((value) => ({ value, label: MEDIA_LABEL[value] }));

/** Why an item cannot be deleted now, or null when it can (one being processed can: its job stops). */
const deleteBlocked = (item: AdminContentItem): string | null => (item.status === 'live' ? 'End the broadcast before deleting it' : null);

function MediaState({ item }: { item: AdminContentItem }) {
  if (item.media === null) return <Text size="sm" c="dimmed">None</Text>;
  return (
    <Stack gap={2}>
      <Badge variant="light" color={item.media === 'failed' ? 'orange' : item.media === 'processing' ? 'blue' : 'gray'}>
        {MEDIA_LABEL[item.media]}
      </Badge>
      {item.mediaError && (
        <Text size="xs" c="dimmed" lineClamp={2} title={item.mediaError}>
          {item.mediaError}
        </Text>
      )}
    </Stack>
  );
}

function LibraryRow({ item, onDelete }: { item: AdminContentItem; onDelete: (item: AdminContentItem) => void }) {
  const blocked = deleteBlocked(item);
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/watch/${item.id}`} fw={600} size="sm" lineClamp={1}>
          {item.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {CONTENT_TYPE_LABELS[item.type]} · {item.creatorName ?? 'No creator'} · {formatTime(item.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[item.status]} variant={item.status === 'live' ? 'filled' : 'light'}>
          {STATUS_LABEL[item.status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <MediaState item={item} />
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {item.status === 'live' ? `${item.viewerCount.toLocaleString()} watching` : countOf(item.viewerCount, 'viewer')}
        {item.status !== 'live' && item.duration > 0 && (
          <Text size="xs" c="dimmed">
            {formatMinutes(item.duration)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red.9"
          size="lg"
          aria-label={`Delete ${item.title}`}
          disabled={blocked !== null}
          title={blocked ?? undefined}
          onClick={() => onDelete(item)}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

export function ContentLibraryPanel() {
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<Content['status'] | null>(null);
  const [type, setType] = useState<Content['type'] | null>(null);
  const [media, setMedia] = useState<AdminContentItem['media']>(null);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<AdminContentItem | null>(null);
  const query = { search: debounced || undefined, status: status ?? undefined, type: type ?? undefined, media: media ?? undefined, page, pageSize: PAGE_SIZE };
  const library = useQuery({ ...adminQueries.library(query), placeholderData: keepPreviousData });
  const readChanges = useThrottledCallback(() => void client.invalidateQueries({ queryKey: ADMIN_LIBRARY_KEY }), CHANGES_READ_EVERY_MS);
  useSocketEvent('content:added', readChanges);
  useSocketEvent('content:updated', readChanges);
  const filtering = Boolean(debounced || status || type || media);
  // Every filter starts the list again from its first page.
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const pages = library.data ? Math.max(1, Math.ceil(library.data.total / PAGE_SIZE)) : 1;
  // A takedown can empty the last page: show the one before it.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  return (
    <Panel title="Library">
      <Group align="flex-end">
        <SearchBox label="Search content" placeholder="Title or creator" value={search} onChange={filter(setSearch)} width={260} />
        <FilterSelect label="Status" placeholder="Any status" options={STATUS_OPTIONS} value={status} onChange={filter(setStatus)} width={150} />
        <FilterSelect label="Type" placeholder="Any type" options={TYPE_OPTIONS} value={type} onChange={filter(setType)} width={130} />
        <FilterSelect label="Media" placeholder="Any media" options={MEDIA_OPTIONS} value={media} onChange={filter(setMedia)} width={150} />
      </Group>
      {library.isPending ? (
        <Loading />
      ) : library.isError ? (
        <ErrorText error={library.error} retry={library.refetch} />
      ) : library.data.items.length === 0 ? (
        <Empty>{filtering ? 'No content matches these filters' : 'No content yet'}</Empty>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" highlightOnHover aria-label="Library" style={{ opacity: library.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Media</Table.Th>
                  <Table.Th ta="right">Audience</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {library.data.items.map((item) => (
                  <LibraryRow key={item.id} item={item} onDelete={setDeleting} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PageFooter count={countOf(library.data.total, 'item')} pages={pages} page={page} onPage={setPage} />
        </>
      )}
      {deleting && (
        <DeleteContentDialog
          item={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            // The library and the dashboard's figures (the library's size, views) all move.
            void client.invalidateQueries({ queryKey: adminQueries.all() });
          }}
        />
      )}
    </Panel>
  );
}
