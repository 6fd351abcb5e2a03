import { Badge, Text, Tooltip } from '@mantine/core';
import { useBrowserOnline } from '../../lib/online';
import { useConnectionStatus, type ConnectionStatus } from '../../lib/socket';

/** What the badge says while data arrives by polling (live queries poll whenever the socket is not up). */
export const POLLING_LABEL = 'Live updates paused — refreshing every few seconds';

const LOOK: Record<ConnectionStatus, { color: string; label: string; short: string; hint: string }> = {
  connected: { color: 'green', label: 'Live', short: 'Live', hint: 'Updates arrive instantly' },
  connecting: { color: 'yellow', label: 'Connecting…', short: 'Connecting…', hint: 'Opening the live connection' },
  reconnecting: { color: 'orange', label: POLLING_LABEL, short: 'Updates paused', hint: 'No live connection; trying again in the background' },
  offline: { color: 'gray', label: POLLING_LABEL, short: 'Updates paused', hint: 'No live connection; pages refresh every few seconds' },
};

/** The browser has no network: nothing can arrive, by socket or by polling. */
const NO_NETWORK = { color: 'gray', label: 'Offline — no internet connection', short: 'Offline', hint: 'Pages keep what they show and update when your connection is back' };

/**
 * Shows whether live updates flow over the socket or pages are polling. Narrow screens get the short label;
 * the full sentence stays in the accessible name and the tooltip.
 */
export function ConnectionIndicator() {
  const status = useConnectionStatus((s) => s.status);
  const online = useBrowserOnline();
  const look = online ? LOOK[status] : NO_NETWORK;
  return (
    <Tooltip label={look.hint}>
      <Badge
        variant="dot"
        color={look.color}
        aria-label={`Connection: ${look.label}`}
        data-testid="connection-indicator"
        data-status={status}
        data-network={online ? 'online' : 'offline'}
        style={{ textTransform: 'none' }}
      >
        <Text span inherit visibleFrom="md">
          {look.label}
        </Text>
        <Text span inherit hiddenFrom="md">
          {look.short}
        </Text>
      </Badge>
    </Tooltip>
  );
}
