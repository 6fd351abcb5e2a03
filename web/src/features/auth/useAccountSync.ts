/**
 * Keeps an open page's idea of the account in step with the server's, without a reload:
 * - an admin changed the role (`account:changed`): the session is read again, so menus, role guards
 *   and the role badge follow;
 * - the server cut the live connection (logout in another tab, a password change elsewhere, a
 *   suspension): the session is read again, and if it has ended the page signs out (AuthProvider says so).
 * A 401 on any other read does the same (queryClient.ts).
 */
import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../lib/live';
import { getSocket, useConnectionStatus } from '../../lib/socket';
import { readSessionAgain } from './queries';

export function useAccountSync() {
  const client = useQueryClient();
  const readSession = useCallback(() => readSessionAgain(client), [client]);
  useSocketEvent('account:changed', readSession);
  const status = useConnectionStatus((s) => s.status);
  useEffect(() => {
    const socket = getSocket();
    if (!socket) return;
    // Only the server's own cut: a network drop reconnects by itself and proves nothing about the session.
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') readSession();
    };
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('disconnect', onDisconnect);
    };
  }, [readSession, status]);
}
