import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Content } from '@onair/protocol';
import { useSocketEvent } from '../../lib/live';
import { watchQueries } from './queries';

/**
 * Keeps one item's cached copy current from the lobby's `content:updated` pushes (starting → live →
 * ended, a recording ready): the pushed item at once, then a read of it again, so its playback is what
 * this node serves now. On `content:removed` (its creator deleted it) the read again answers 404 and
 * the page says the programme is gone.
 */
export function useContentUpdates(contentId: number) {
  const client = useQueryClient();
  const onContent = useCallback(
    (content: Content) => {
      if (content.id !== contentId) return;
      const key = watchQueries.content(contentId).queryKey;
      client.setQueryData(key, content);
      void client.invalidateQueries({ queryKey: key, exact: true });
    },
    [client, contentId],
  );
  const onRemoved = useCallback(
    ({ contentId: removed }: { contentId: number }) => {
      if (removed === contentId) void client.invalidateQueries({ queryKey: watchQueries.content(contentId).queryKey, exact: true });
    },
    [client, contentId],
  );
  useSocketEvent('content:updated', onContent);
  useSocketEvent('content:removed', onRemoved);
}
