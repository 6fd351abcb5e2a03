/**
 * The transcript beside the player: every cue with its time; a click plays from there, and the cue
 * being spoken is highlighted. Below it, a search over every transcript: a hit in this item seeks, a
 * hit in another opens it.
 */
import { useEffect, useState } from 'react';
import { Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { seekTo, useMediaElement } from './player/mediaElement';
import { transcriptQueries } from './transcriptQueries';
import { SubtitlesTranslator } from './SubtitlesTranslator';

export function formatCueTime(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The element's current time in ms, updated as it plays. */
function useCurrentMs(): number {
  const element = useMediaElement((s) => s.element);
  const [ms, setMs] = useState(0);
  useEffect(() => {
    if (!element) return;
    const update = () => setMs(element.currentTime * 1000);
    element.addEventListener('timeupdate', update);
    return () => element.removeEventListener('timeupdate', update);
  }, [element]);
  return ms;
}

function TranscriptSearch({ contentId }: { contentId: number }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const search = useQuery(transcriptQueries.search(debounced));
  return (
    <Stack gap={6}>
      <TextInput size="xs" leftSection={<IconSearch size={14} />} placeholder="Search transcripts" aria-label="Search transcripts" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      {search.isFetching && <Loader size="xs" />}
      {search.data && search.data.hits.length === 0 && (
        <Text size="xs" c="dimmed">
          No transcript says “{search.data.query}”.
        </Text>
      )}
      {search.data?.hits.map((hit) =>
        hit.contentId === contentId ? (
          <UnstyledButton key={`${hit.contentId}-${hit.startMs}`} onClick={() => seekTo(hit.startMs)} data-testid="transcript-hit">
            <Text size="xs">
              <b>{formatCueTime(hit.startMs)}</b> {hit.text}
            </Text>
          </UnstyledButton>
        ) : (
          <Link key={`${hit.contentId}-${hit.startMs}`} to="/watch/$contentId" params={{ contentId: String(hit.contentId) }} data-testid="transcript-hit">
            <Text size="xs" c="blue">
              {hit.title} · {formatCueTime(hit.startMs)} · {hit.text}
            </Text>
          </Link>
        ),
      )}
    </Stack>
  );
}

export function TranscriptPanel({ contentId, height, canTranslate }: { contentId: number; height: number; canTranslate: boolean }) {
  const transcript = useQuery(transcriptQueries.transcript(contentId));
  const now = useCurrentMs();
  const data = transcript.data;
  let body;
  if (transcript.isPending) body = <Loader size="sm" />;
  else if (transcript.isError) body = <Text c="red" size="sm">{transcript.error.message}</Text>;
  else if (!data) body = <Text size="sm" c="dimmed">This item has no transcript.</Text>;
  else if (data.status === 'queued' || data.status === 'processing') body = <Text size="sm" c="dimmed">The transcript is being made…</Text>;
  else if (data.status === 'failed') body = <Text size="sm" c="red">The transcript could not be made: {data.error}</Text>;
  else if (data.cues.length === 0) body = <Text size="sm" c="dimmed">No speech was recognised in this item.</Text>;
  else {
    body = (
      <ScrollArea h={height} data-testid="transcript">
        <Stack gap={2}>
          {data.cues.map((cue) => {
            const active = now >= cue.startMs && now < cue.endMs;
            return (
              <UnstyledButton key={cue.startMs} onClick={() => seekTo(cue.startMs)} data-testid="transcript-cue" data-active={active || undefined} p={4} style={{ borderRadius: 4, background: active ? 'var(--mantine-color-blue-light)' : undefined }}>
                <Text size="sm">
                  <Text span size="xs" c="dimmed" ff="monospace" mr={6}>
                    {formatCueTime(cue.startMs)}
                  </Text>
                  {cue.text}
                </Text>
              </UnstyledButton>
            );
          })}
        </Stack>
      </ScrollArea>
    );
  }
  return (
    <Stack gap="sm">
      {body}
      {data?.engine && (
        <Text size="xs" c="dimmed">
          Transcribed by {data.engine === 'pocketsphinx' ? 'PocketSphinx (offline)' : 'the transcription server'}
        </Text>
      )}
      {canTranslate && data?.status === 'ready' && <SubtitlesTranslator transcript={data} />}
      <TranscriptSearch contentId={contentId} />
    </Stack>
  );
}
