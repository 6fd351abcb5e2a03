import { useState } from 'react';
import { Alert, Button, Group, Modal, Progress, Select, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { IconLanguage, IconPencil, IconSparkles } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { languageName, SUPPORTED_LANGUAGES, TRANSLATION_TEXT_MAX, type Content, type Translation } from '@onair/protocol';
import { toast } from '../../lib/toast';
import { languageQueries, useAddTranslation, useStartAiTranslation } from './queries';
import { useJobProgress } from './useJobProgress';

const EMPTY_MANUAL = { language: '', title: '', description: '' };

/** An item keeps one translation per language: saving another in the same language replaces it, said before it happens. */
function ReplacesNotice({ existing }: { existing: Translation | undefined }) {
  if (!existing) return null;
  return (
    <Alert color="yellow" data-testid="translation-replaces">
      This item already has a {languageName(existing.language)} translation ({existing.aiGenerated ? 'made by AI' : 'typed by hand'}), “{existing.title}”. Saving this one
      replaces it.
    </Alert>
  );
}

/**
 * Add a translation to one content item: typed by hand (the default tab) or made by an engine here
 * (a translation job, with a live progress bar). Validation of spec §5: manual needs a language and a
 * title, AI needs a text and a target language; both need the content, which the dialog is opened for.
 */
export function AddTranslationDialog({ content, opened, onClose }: { content: Content; opened: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [tab, setTab] = useState<string | null>('manual');
  const [manual, setManual] = useState(EMPTY_MANUAL);
  const [aiText, setAiText] = useState(content.description ?? '');
  const [target, setTarget] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [aiProblem, setAiProblem] = useState<string | null>(null);
  const add = useAddTranslation(content.id);
  const start = useStartAiTranslation();
  const engines = useQuery(languageQueries.engines());
  const existing = useQuery({ ...languageQueries.translations(content.id), enabled: opened }).data ?? [];
  const existingIn = (language: string | null) => existing.find((t) => t.language === language);

  const job = useJobProgress(jobId, {
    done: () => {
      void client.invalidateQueries({ queryKey: languageQueries.translations(content.id).queryKey });
      toast({ title: 'AI Translation Complete', description: `“${content.title}” is now available in ${languageName(target ?? '')}.` });
      setJobId(null);
      setTarget(null);
      setAiText(content.description ?? '');
      onClose();
    },
    failed: (error) => {
      setAiProblem(error);
      setJobId(null);
      toast({ title: 'AI Translation Failed', description: 'Unable to generate AI translation. Please try again.', variant: 'destructive' });
    },
  });

  const manualReady = Boolean(manual.language && manual.title.trim());
  const aiReady = Boolean(aiText.trim() && target);
  const running = jobId !== null;

  const submitManual = () => {
    if (!manualReady) return;
    add.mutate(
      { language: manual.language, title: manual.title, description: manual.description || undefined, aiGenerated: false },
      {
        onSuccess: (t) => {
          toast({ title: 'Translation Added', description: `${languageName(t.language)} translation saved.` });
          setManual(EMPTY_MANUAL);
          onClose();
        },
        onError: () => toast({ title: 'Translation Failed', description: 'Unable to create translation. Please try again.', variant: 'destructive' }),
      },
    );
  };

  const submitAi = () => {
    if (!aiReady) return;
    setAiProblem(null);
    start.mutate(
      { text: aiText, targetLanguage: target!, contentId: content.id },
      {
        onSuccess: (accepted) => setJobId(accepted.jobId),
        onError: (error) => {
          // The server names what is missing (a 422 names the engine to install); show it beside the toast.
          setAiProblem(error.message.replace(/^\d+: /, ''));
          toast({ title: 'AI Translation Failed', description: 'Unable to generate AI translation. Please try again.', variant: 'destructive' });
        },
      },
    );
  };

  const support = new Map((engines.data?.languages ?? []).map((l) => [l.code, l]));
  const targetOptions = SUPPORTED_LANGUAGES.filter((l) => l.code !== content.language).map((l) => {
    const s = support.get(l.code);
    const unavailable = content.language === 'en' && s !== undefined && !s.available;
    return { value: l.code, label: unavailable ? `${l.name} (no engine here)` : l.name, disabled: unavailable };
  });

  return (
    <Modal opened={opened} onClose={running ? () => undefined : onClose} title={`Add translation: ${content.title}`} size="lg">
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="manual" leftSection={<IconPencil size={16} />} disabled={running}>
            Manual
          </Tabs.Tab>
          <Tabs.Tab value="ai" leftSection={<IconSparkles size={16} />}>
            AI
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="manual" pt="md">
          <Stack>
            <Select
              label="Language"
              required
              data={SUPPORTED_LANGUAGES.filter((l) => l.code !== content.language).map((l) => ({ value: l.code, label: l.name }))}
              value={manual.language || null}
              onChange={(v) => setManual((m) => ({ ...m, language: v ?? '' }))}
              placeholder="Choose a language"
              searchable
            />
            <ReplacesNotice existing={existingIn(manual.language)} />
            <TextInput label="Title" required maxLength={200} value={manual.title} onChange={(e) => setManual((m) => ({ ...m, title: e.currentTarget.value }))} />
            <Textarea label="Description" autosize minRows={3} maxLength={TRANSLATION_TEXT_MAX} value={manual.description} onChange={(e) => setManual((m) => ({ ...m, description: e.currentTarget.value }))} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={submitManual} disabled={!manualReady} loading={add.isPending}>
                Add Translation
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="ai" pt="md">
          <Stack>
            <Text size="sm" c="dimmed">
              The title “{content.title}” and the text below are translated from {languageName(content.language)} by an engine on this server.
            </Text>
            <Textarea label="Text" required autosize minRows={4} maxRows={12} value={aiText} onChange={(e) => setAiText(e.currentTarget.value)} disabled={running} />
            <Select label="Target language" required data={targetOptions} value={target} onChange={setTarget} placeholder="Choose a language" disabled={running} />
            {!running && <ReplacesNotice existing={existingIn(target)} />}
            {running && job && (
              <Stack gap={4} data-testid="ai-translation-progress">
                <Progress value={job.progress} animated striped aria-label="Translation progress" />
                <Text size="sm" c="dimmed">
                  {Math.round(job.progress)}% · {job.message}
                </Text>
              </Stack>
            )}
            {aiProblem && (
              <Alert color="red" icon={<IconLanguage size={16} />}>
                {aiProblem}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={running}>
                Cancel
              </Button>
              <Button leftSection={<IconSparkles size={16} />} onClick={submitAi} disabled={!aiReady || running} loading={start.isPending || running}>
                Translate
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
