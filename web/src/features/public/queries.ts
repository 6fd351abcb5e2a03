/**
 * Reads that need no session: what this deployment offers (demo accounts, creator self-serve) and the
 * landing page's live counts. Both go through the default query function (GET of the key's path).
 */
import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig, PublicStats } from '@onair/protocol';

export const publicQueries = {
  config: () => queryOptions<PublicConfig>({ queryKey: ['/api/public/config'] }),
  stats: () => queryOptions<PublicStats>({ queryKey: ['/api/public/stats'] }),
};
