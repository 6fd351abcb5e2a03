/**
 * A read that failed, said so a person can act on it, with Try again. A request that never got an
 * answer says whether the browser is offline or OnAir out of reach (lib/api.ts). The read is tried
 * again by itself when the browser comes back online and when the live connection is back (the server
 * is up again), so a page does not keep an error from an outage that is over.
 */
import { useEffect, useRef } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { ApiError, NetworkError, UNREACHABLE_TEXT } from '../lib/api';
import { useConnectionStatus } from '../lib/socket';

/** Refusals a retry cannot change (no access, gone): said without the status code and without Try again. */
function isFinal(error: Error): error is ApiError {
  return error instanceof ApiError && (error.status === 403 || error.status === 404);
}

export function loadErrorText(error: Error): string {
  if (isFinal(error)) return error.message.replace(/^\d{3}: /, '');
  return error instanceof ApiError || error instanceof NetworkError ? error.message : UNREACHABLE_TEXT;
}

export function LoadError({ error, retry }: { error: Error; retry: () => unknown }) {
  const connected = useConnectionStatus((s) => s.status === 'connected');
  const retryRef = useRef(retry);
  retryRef.current = retry;
  // On the way back to connected only: not at mount, where the read has just failed.
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) void retryRef.current();
    wasConnected.current = connected;
  }, [connected]);
  useEffect(() => {
    const online = () => void retryRef.current();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, []);
  return (
    <Group gap="sm" py="xs" role="alert">
      <Text c="red" size="sm">
        {loadErrorText(error)}
      </Text>
      {!isFinal(error) && (
        <Button size="compact-sm" variant="default" onClick={() => void retry()}>
          Try again
        </Button>
      )}
    </Group>
  );
}
