import { Badge, Tooltip } from '@mantine/core';
import { useConnectionStatus, type ConnectionStatus } from '../../lib/socket';

const LOOK: Record<ConnectionStatus, { color: string; label: string; hint: string }> = {
  connected: { color: 'green', label: 'Live', hint: 'Updates arrive instantly' },
  connecting: { color: 'yellow', label: 'Connecting', hint: 'Opening the live connection' },
  reconnecting: { color: 'orange', label: 'Reconnecting', hint: 'Live connection lost; refreshing every few seconds until it is back' },
  offline: { color: 'gray', label: 'Offline', hint: 'No live connection; pages refresh every few seconds' },
};

/** Shows whether live updates flow over the socket or pages are polling. */
export function ConnectionIndicator() {
  const status = useConnectionStatus((s) => s.status);
  const look = LOOK[status];
  return (
    <Tooltip label={look.hint}>
      <Badge variant="dot" color={look.color} aria-label={`Connection: ${look.label}`} data-testid="connection-indicator" data-status={status}>
        {look.label}
      </Badge>
    </Tooltip>
  );
}
