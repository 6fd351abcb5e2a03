import { Stack, Text, Title } from '@mantine/core';
import { LanguageSupport } from './LanguageSupport';
import { MultiLanguageManager } from './MultiLanguageManager';

/** /languages: the multi-language manager and what this server can translate into. */
export function LanguagesPage() {
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">Languages</Title>
        <Text c="dimmed">Translate titles and descriptions of your content, by hand or with the translation engines of this server.</Text>
      </div>
      <MultiLanguageManager />
      <LanguageSupport />
    </Stack>
  );
}
