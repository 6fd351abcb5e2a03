/**
 * Install instructions that match what this browser really offers: Chromium's install prompt when it
 * fires, Safari's Add to Home Screen on iOS, and "already installed" when running as the app.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, List, Stack, Text, Title } from '@mantine/core';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as InstallPromptEvent;
  });
}

export function PwaTab() {
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(deferred);
  const [controlled, setControlled] = useState(Boolean(navigator.serviceWorker?.controller));
  useEffect(() => {
    const onPrompt = (e: Event) => setPrompt(e as InstallPromptEvent);
    window.addEventListener('beforeinstallprompt', onPrompt);
    navigator.serviceWorker?.ready.then(() => setControlled(true)).catch(() => undefined);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);
  const standalone = window.matchMedia('(display-mode: standalone)').matches;
  const ios = /iPhone|iPad/.test(navigator.userAgent);

  return (
    <Stack>
      <Card withBorder>
        <Title order={2} size="h4">Install OnAir</Title>
        {standalone ? (
          <Text mt="xs">You are using the installed OnAir app.</Text>
        ) : prompt ? (
          <>
            <Text mt="xs">This browser can install OnAir as an app: it gets its own window and icon, and opens offline.</Text>
            <Button
              mt="sm"
              onClick={() => {
                void prompt.prompt();
                void prompt.userChoice.finally(() => setPrompt(null));
              }}
            >
              Install OnAir
            </Button>
          </>
        ) : ios ? (
          <List mt="xs">
            <List.Item>Open OnAir in Safari.</List.Item>
            <List.Item>Tap Share, then Add to Home Screen.</List.Item>
          </List>
        ) : (
          <Text mt="xs">
            This browser has not offered an install. In Chrome or Edge, use the install icon in the address bar or the menu's Install
            OnAir; Firefox on desktop does not install web apps.
          </Text>
        )}
      </Card>
      <Alert color={controlled ? 'green' : 'yellow'} data-testid="sw-status">
        {controlled ? 'Offline ready: OnAir opens without a network connection.' : 'Preparing offline use…'}
      </Alert>
    </Stack>
  );
}
