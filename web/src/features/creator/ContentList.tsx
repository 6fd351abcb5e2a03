import { ActionIcon, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { Content } from '@onair/protocol';
import { countOf, formatMinutes } from './format';

/** A status badge's colour, alike wherever items are listed. */
export const STATUS_COLOR: Record<Content['status'], string> = { live: 'brand', published: 'green', offline: 'gray' };

interface ContentListProps {
  items: Content[] | undefined;
  loading: boolean;
  /** Recent Content shows 5. */
  limit?: number;
  empty: string;
  onEdit?: (item: Content) => void;
  onDelete?: (item: Content) => void;
}

/** The creator's items, newest first; with `onEdit` and `onDelete`, each row has Edit and Delete buttons (Delete not while on air). */
export function ContentList({ items, loading, limit, empty, onEdit, onDelete }: ContentListProps) {
  if (loading) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" />
      </Group>
    );
  }
  const shown = (items ?? []).slice(0, limit);
  if (shown.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="lg">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {shown.map((item) => (
        <Card key={item.id} withBorder padding="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Link to="/watch/$contentId" params={{ contentId: String(item.id) }} style={{ textDecoration: 'none', color: 'inherit', flex: 1, minWidth: 0 }}>
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.type.toUpperCase()} · {item.status === 'live' ? 'on air now' : formatMinutes(item.duration)} ·{' '}
                    {new Date(item.createdAt).toLocaleDateString()}
                  </Text>
                </div>
                {/* The counts and status keep their width in a narrow column; the title gives way (truncated). */}
                <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {item.status === 'live' ? `${item.viewerCount.toLocaleString()} watching` : countOf(item.viewerCount, 'viewer')}
                  </Text>
                  <Badge color={STATUS_COLOR[item.status]} variant={item.status === 'live' ? 'filled' : 'light'}>
                    {item.status === 'live' ? 'LIVE' : item.status}
                  </Badge>
                </Group>
              </Group>
            </Link>
            {onEdit && (
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Edit ${item.title}`} onClick={() => onEdit(item)}>
                <IconPencil size={18} />
              </ActionIcon>
            )}
            {onDelete && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                aria-label={`Delete ${item.title}`}
                disabled={item.status === 'live'}
                title={item.status === 'live' ? 'End the broadcast before deleting it' : undefined}
                onClick={() => onDelete(item)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
