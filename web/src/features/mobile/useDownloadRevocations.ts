/**
 * Downloads leave the device when the person may no longer watch them, as a service's offline copies
 * do when their licence ends: an item deleted (a takedown, a creator's withdrawal) or made
 * subscribers-only for someone who is not a subscriber. At once when `content:removed` arrives, and,
 * for what happened while this browser was closed or offline, each time the signed-in shell starts or
 * the network comes back: the server reads every stored item's access in one request
 * (POST /api/user/offline-content/check). A request that gets no answer proves nothing, so the downloads stay.
 */
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DOWNLOAD_CHECK_MAX, type DownloadCheckRequest, type DownloadCheckResponse, type DownloadRevocation } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { useSocketEvent } from '../../lib/live';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/AuthProvider';
import { forgetDownload, OFFLINE_KEY } from './offline';
import { readIndex } from './offline-index';

const BECAUSE: Record<DownloadRevocation, string> = {
  removed: 'was removed from OnAir',
  'subscribers-only': 'is now for subscribers only',
};

interface Revoked {
  title: string;
  why: DownloadRevocation;
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
async function revoke(userId: number, revocations: { contentId: number; why: DownloadRevocation }[]): Promise<Revoked[]> {
  const revoked: Revoked[] = [];
  for (const { contentId, why } of revocations) {
    const entry = await forgetDownload(userId, contentId);
    if (entry) revoked.push({ title: entry.title, why });
    if (why === 'subscribers-only') await apiRequest('DELETE', `/api/user/offline-content/${contentId}`).catch(() => undefined);
  }
  return revoked;
}

/**
 * What the server says this browser's downloads may no longer be kept for, read in turns of
 * DOWNLOAD_CHECK_MAX. A turn that gets no answer proves nothing, so its downloads stay.
 */
async function revokeWhatWentAway(userId: number): Promise<Revoked[]> {
  const ids = readIndex(userId).map((entry) => entry.id);
  const revocations: { contentId: number; why: DownloadRevocation }[] = [];
  for (let from = 0; from < ids.length; from += DOWNLOAD_CHECK_MAX) {
    const contentIds = ids.slice(from, from + DOWNLOAD_CHECK_MAX);
    const answer = await apiRequest<DownloadCheckResponse>('POST', '/api/user/offline-content/check', { contentIds } satisfies DownloadCheckRequest).catch(() => null);
    if (answer) revocations.push(...answer.revoked);
  }
  return revoke(userId, revocations);
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
