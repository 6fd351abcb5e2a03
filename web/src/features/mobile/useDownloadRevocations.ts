/**
 * Downloads leave the device when the person may no longer watch them, as a service's offline copies
 * do when their licence ends: an item deleted (a takedown, a creator's withdrawal) or made
 * subscribers-only for someone who is not a subscriber. At once when `content:removed` arrives, and,
 * for what happened while this browser was closed or offline, each time the signed-in shell starts or
 * the network comes back: every stored item's access is read (GET /api/content/:id/access). A request that gets
 * no answer proves nothing, so the download stays.
 */
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContentAccess } from '@onair/protocol';
import { ApiError, apiRequest } from '../../lib/api';
import { useSocketEvent } from '../../lib/live';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/AuthProvider';
import { forgetDownload, OFFLINE_KEY } from './offline';
import { readIndex } from './offline-index';

type Revocation = 'removed' | 'subscribers-only';

const BECAUSE: Record<Revocation, string> = {
  removed: 'was removed from OnAir',
  'subscribers-only': 'is now for subscribers only',
};

interface Revoked {
  title: string;
  why: Revocation;
}

/** One toast for what a pass deleted (toasts show one at a time): each item and why. */
function tell(revoked: Revoked[]) {
  const reasons = revoked.map(({ title, why }) => `“${title}” ${BECAUSE[why]}`);
  if (reasons.length === 1) toast({ title: 'Download Removed', description: `${reasons[0]}, so its download was deleted from this device.` });
  else if (reasons.length > 1) toast({ title: 'Downloads Removed', description: `${reasons.length} downloads were deleted from this device: ${reasons.join('; ')}.` });
}

/**
 * Deletes the downloads and answers which this browser held. The account's record of a download
 * whose item may no longer be watched goes too (a deleted item's went with it), so the offline tab
 * does not list it as kept on another device; that device deletes its copy at its own next check.
 */
async function revoke(userId: number, revocations: { contentId: number; why: Revocation }[]): Promise<Revoked[]> {
  const revoked: Revoked[] = [];
  for (const { contentId, why } of revocations) {
    const entry = await forgetDownload(userId, contentId);
    if (entry) revoked.push({ title: entry.title, why });
    if (why === 'subscribers-only') await apiRequest('DELETE', `/api/user/offline-content/${contentId}`).catch(() => undefined);
  }
  return revoked;
}

/** Why an item may no longer be kept; null when it may, or when the server could not say. */
async function revocationOf(contentId: number): Promise<Revocation | null> {
  try {
    const access = await apiRequest<ContentAccess>('GET', `/api/content/${contentId}/access`);
    return access.canWatch ? null : 'subscribers-only';
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? 'removed' : null;
  }
}

/** Access reads in flight at once: a hundred downloads should neither wait on each other nor flood the server. */
const PARALLEL_CHECKS = 4;

async function revokeWhatWentAway(userId: number): Promise<Revoked[]> {
  const ids = readIndex(userId).map((entry) => entry.id);
  const verdicts = new Map<number, Revocation | null>();
  let next = 0;
  const checkInTurn = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      verdicts.set(id, await revocationOf(id));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CHECKS, ids.length) }, checkInTurn));
  return revoke(
    userId,
    ids.flatMap((contentId) => {
      const why = verdicts.get(contentId);
      return why ? [{ contentId, why }] : [];
    }),
  );
}

export function useDownloadRevocations() {
  const userId = useAuth().user?.id ?? null;
  const client = useQueryClient();
  const settle = useCallback(
    (revoked: Revoked[]) => {
      tell(revoked);
      if (revoked.length > 0) void client.invalidateQueries({ queryKey: OFFLINE_KEY });
    },
    [client],
  );

  // The account's list of downloads is read again by useContentRemovals; this browser's copy is ours.
  const onRemoved = useCallback(
    ({ contentId }: { contentId: number }) => {
      if (userId !== null) void revoke(userId, [{ contentId, why: 'removed' }]).then(tell);
    },
    [userId],
  );
  useSocketEvent('content:removed', onRemoved);

  useEffect(() => {
    if (userId === null) return;
    const check = () => void revokeWhatWentAway(userId).then(settle);
    check();
    window.addEventListener('online', check);
    return () => window.removeEventListener('online', check);
  }, [userId, settle]);
}
