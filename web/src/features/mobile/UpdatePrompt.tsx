/**
 * Registers the service worker and offers a new version when one is deployed: the new worker waits
 * until the person chooses to reload, so a page never changes under them.
 */
import { Button, Group, Notification } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  if (!needRefresh) return null;
  return (
    <Notification
      title="A new version of OnAir is ready"
      onClose={() => setNeedRefresh(false)}
      style={{ position: 'fixed', left: 16, bottom: 16, zIndex: 1000, maxWidth: 360 }}
      withBorder
    >
      <Group mt="xs">
        <Button size="xs" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
        <Button size="xs" variant="default" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
      </Group>
    </Notification>
  );
}
