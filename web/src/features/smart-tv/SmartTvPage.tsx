/**
 * /smart-tv (spec §2): the real TV screen (/tv) in a frame, driven by an on-screen remote that posts
 * the same keys a TV remote sends; each tab says honestly how that platform can open it.
 */
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowBack, IconChevronDown, IconChevronLeft, IconChevronRight, IconChevronUp } from '@tabler/icons-react';
import { TV_KEY_MESSAGE, type TvKey } from './keys';
import classes from './SmartTvPage.module.css';

const PLATFORMS = {
  roku: 'Roku has no web browser, and OnAir has no Roku channel: a Roku cannot open OnAir. Use a TV or stick with a browser, or cast from a phone.',
  androidtv: 'Android TV: open a browser on the TV, go to this address and /tv, then add it to the home screen as a web app.',
  firetv: 'Fire TV: open Silk (Amazon\'s browser), go to this address and /tv, and pin it as a web app.',
} as const;

function TvFrame({ platform }: { platform: keyof typeof PLATFORMS }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const send = (key: TvKey) => {
    frame.current?.contentWindow?.postMessage({ type: TV_KEY_MESSAGE, key }, window.location.origin);
  };
  const origin = window.location.origin;
  // Whether the keyboard's keys go to the TV screen. The frame is the page's active element while its
  // document has the focus, but browsers do not match :focus on it, so the ring is set from here.
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Focus entering the frame blurs this window; read the active element once the move is done.
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setFocused(frame.current !== null && document.activeElement === frame.current));
    };
    window.addEventListener('blur', check);
    window.addEventListener('focus', check);
    document.addEventListener('focusin', check);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('blur', check);
      window.removeEventListener('focus', check);
      document.removeEventListener('focusin', check);
    };
  }, []);
  return (
    <Stack>
      <Alert color={platform === 'roku' ? 'yellow' : 'blue'}>{PLATFORMS[platform]} Any smart TV with a web browser opens {origin}/tv.</Alert>
      <SimpleGrid cols={{ base: 1, lg: 2 }} style={{ gridTemplateColumns: undefined }}>
        <Card withBorder p={0} style={{ aspectRatio: '16 / 9', overflow: 'hidden' }}>
          <iframe ref={frame} title={`OnAir TV screen (${platform})`} src={`/tv?platform=${platform}`} className={classes.screen} data-focused={focused || undefined} />
        </Card>
        <Card withBorder>
          <Title order={2} size="h5">Remote</Title>
          <Stack align="center" gap={4} mt="sm">
            <ActionIcon size="xl" variant="default" aria-label="Up" onClick={() => send('ArrowUp')}><IconChevronUp /></ActionIcon>
            <Group gap={4}>
              <ActionIcon size="xl" variant="default" aria-label="Left" onClick={() => send('ArrowLeft')}><IconChevronLeft /></ActionIcon>
              <Button size="md" radius="xl" onClick={() => send('Enter')}>OK</Button>
              <ActionIcon size="xl" variant="default" aria-label="Right" onClick={() => send('ArrowRight')}><IconChevronRight /></ActionIcon>
            </Group>
            <ActionIcon size="xl" variant="default" aria-label="Down" onClick={() => send('ArrowDown')}><IconChevronDown /></ActionIcon>
            <Button mt="sm" variant="default" leftSection={<IconArrowBack size={16} />} onClick={() => send('Back')}>Back</Button>
          </Stack>
          <Text size="sm" c="dimmed" mt="md">The same keys as a TV remote: arrows move, OK plays, Back returns. Pair the TV under Mobile Apps, Smart TV.</Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

export function SmartTvPage() {
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">Smart TV</Title>
        <Text c="dimmed">OnAir's TV screen, as it looks from the sofa.</Text>
      </div>
      <Tabs defaultValue="androidtv" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="roku">Roku</Tabs.Tab>
          <Tabs.Tab value="androidtv">Android TV</Tabs.Tab>
          <Tabs.Tab value="firetv">Fire TV</Tabs.Tab>
        </Tabs.List>
        {(Object.keys(PLATFORMS) as (keyof typeof PLATFORMS)[]).map((p) => (
          <Tabs.Panel key={p} value={p} pt="md">
            <TvFrame platform={p} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
