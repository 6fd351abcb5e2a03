/**
 * Live captions of a stream with captions on (issue 15, point 5): the last cues pushed to the content
 * room (`caption:cue`, this page's socket is already in the room), shown under the player as they
 * arrive. Nothing is shown until a cue has come.
 */
import { useCallback, useState } from 'react';
import { Paper, Text } from '@mantine/core';
import type { LiveCaptionCue } from '@onair/protocol';
import { useSocketEvent } from '../../lib/live';

/** Enough lines to read a sentence that spans two cues, few enough not to cover the page. */
const LINES_SHOWN = 2;

export function LiveCaptions({ contentId }: { contentId: number }) {
  const [cues, setCues] = useState<LiveCaptionCue[]>([]);
  const onCue = useCallback(
    (cue: LiveCaptionCue) => {
      if (cue.contentId === contentId) setCues((seen) => [...seen, cue].slice(-LINES_SHOWN));
    },
    [contentId],
  );
  useSocketEvent('caption:cue', onCue);
  if (cues.length === 0) return null;
  return (
    <Paper bg="dark.8" p="xs" radius="sm" aria-live="polite" aria-label="Live captions" data-testid="live-captions">
      {cues.map((cue) => (
        <Text key={`${cue.streamId}-${cue.startMs}`} c="white" ta="center">
          {cue.text}
        </Text>
      ))}
    </Paper>
  );
}
