import { Group } from '@mantine/core';
import { NotificationsBell } from '../notifications/NotificationsBell';
import { ConnectionIndicator } from './ConnectionIndicator';

/**
 * The header's status slot: live-connection state today; personal figures such as points and level
 * belong here too, next to it, so the header keeps one place for "how am I doing right now".
 */
export function HeaderStatus() {
  return (
    <Group gap="xs" wrap="nowrap" data-slot="header-status">
      <ConnectionIndicator />
      <NotificationsBell />
    </Group>
  );
}
