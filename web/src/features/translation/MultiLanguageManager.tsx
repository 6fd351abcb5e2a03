import { useState } from 'react';
import { Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { languageName } from '@onair/protocol';
import { useAuth } from '../auth/AuthProvider';
import { managesContent } from '../auth/permissions';
import { useContentPicker } from '../content/useContentPicker';
import { AddTranslationDialog } from './AddTranslationDialog';
import { languageQueries } from './queries';

/**
 * The multi-language manager of spec §2: pick a content item, see its translations, add one by hand or
 * by AI. Creators pick from their own content; admins (who may translate anything) and viewers (who
 * may only read) pick from all content. Used by /languages and the creator dashboard's languages tab.
 */
export function MultiLanguageManager() {
  const { user } = useAuth();
  const ownOnly = user?.role === 'creator';
  const content = useQuery(languageQueries.content(ownOnly ? user.id : null));
  const picker = useContentPicker({ base: content.data, wholeLibrary: !ownOnly, creatorId: ownOnly ? user.id : undefined, label: (c) => `${c.title} (${languageName(c.language)})` });
  const [adding, setAdding] = useState(false);
  const selected = picker.chosen;
  const translations = useQuery({ ...languageQueries.translations(selected?.id ?? 0), enabled: Boolean(selected) });
  const canAdd = Boolean(selected && managesContent(user, selected));

  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Select
            label="Content"
            placeholder={content.isPending ? 'Loading…' : content.data?.length ? (ownOnly ? 'Choose a content item' : 'Choose or search the library') : 'No content yet'}
            {...picker.selectProps}
            style={{ flex: 1 }}
          />
          <Button leftSection={<IconPlus size={16} />} disabled={!canAdd} onClick={() => setAdding(true)}>
            Add Translation
          </Button>
        </Group>
        {selected && !canAdd && (
          <Text size="sm" c="dimmed">
            Only the creator of this content or an admin can add translations.
          </Text>
        )}

        <Title order={2} size="h5">Translations</Title>
        {!selected ? (
          <Text c="dimmed">Choose a content item to see its translations.</Text>
        ) : translations.isPending ? (
          <Text c="dimmed">Loading translations…</Text>
        ) : translations.isError ? (
          <Text c="red">{translations.error.message}</Text>
        ) : translations.data.length === 0 ? (
          <Text c="dimmed">No translations yet.</Text>
        ) : (
          <Table striped verticalSpacing="xs" data-testid="translations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Language</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Added</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {translations.data.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>{languageName(t.language)}</Table.Td>
                  <Table.Td>{t.title}</Table.Td>
                  <Table.Td style={{ maxWidth: 360 }}>
                    <Text size="sm" lineClamp={3}>
                      {t.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={t.aiGenerated ? 'violet' : 'gray'}>
                      {t.aiGenerated ? 'AI' : 'Manual'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{new Date(t.createdAt).toLocaleDateString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {selected && canAdd && <AddTranslationDialog key={selected.id} content={selected} opened={adding} onClose={() => setAdding(false)} />}
    </Card>
  );
}
