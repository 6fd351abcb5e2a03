/**
 * An item deleted anywhere (`content:removed`, pushed to every signed-in socket) leaves every list this
 * tab holds at once: Home's grids, the TV library, the offline tab's and the syndication picker's
 * choices, a creator's own lists (every content list's key starts with CONTENT_KEY), the account's
 * download records and the admin's library. Its open watch page has its own handler
 * (useContentUpdates). Mounted once, in the signed-in shell; signed-out visitors have no socket and
 * see the deletion at their next read.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Content } from '@onair/protocol';
import { useSocketEvent } from '../../lib/live';
import { ADMIN_LIBRARY_KEY } from '../admin/queries';
import { OFFLINE_KEY } from '../mobile/offline';
import { CONTENT_KEY } from './queries';

/** Read again rather than edited: their rows are not content items. */
const HOLDING_REMOVED_ITEMS = [OFFLINE_KEY, ADMIN_LIBRARY_KEY] as const;

export function useContentRemovals() {
  const client = useQueryClient();
  const onRemoved = useCallback(
    ({ contentId }: { contentId: number }) => {
      // Lists only: an item's own query (an object) is its watch page's business.
      client.setQueriesData<unknown>({ queryKey: CONTENT_KEY }, (data: unknown) => (Array.isArray(data) ? (data as Content[]).filter((c) => c.id !== contentId) : data));
      for (const queryKey of HOLDING_REMOVED_ITEMS) void client.invalidateQueries({ queryKey });
    },
    [client],
  );
  useSocketEvent('content:removed', onRemoved);
}
