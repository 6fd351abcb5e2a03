/**
 * /voice-assistant (spec §2): Alexa (a real custom skill, linked by a spoken code), Google (its
 * Conversational Actions were shut down in June 2023: the installable app instead) and Siri (Shortcuts
 * that open OnAir's deep links). Connected assistants with an enable switch and delete.
 */
import { Alert, Button, Card, Code, Group, List, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALEXA_EXAMPLES, type VoiceAssistantDetail } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { toast, toastError } from '../../lib/toast';

const KEY = ['/api/voice-assistants'] as const;

export function VoiceAssistantPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => apiRequest<VoiceAssistantDetail[]>('GET', '/api/voice-assistants') });
  const refresh = () => void client.invalidateQueries({ queryKey: KEY });
  const connect = useMutation({
    mutationFn: (platform: 'alexa' | 'siri') => apiRequest<VoiceAssistantDetail>('POST', '/api/voice-assistants', { platform }),
    onSuccess: () => {
      refresh();
      toast({ title: 'Voice Assistant Setup', description: 'Successfully connected your voice assistant!' });
    },
    onError: toastError('Setup Failed'),
  });
  const toggle = useMutation({
    mutationFn: (a: { id: number; enabled: boolean }) => apiRequest('PATCH', `/api/voice-assistants/${a.id}`, { enabled: a.enabled }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/voice-assistants/${id}`),
    onSuccess: () => {
      refresh();
      toast({ title: 'Device Removed', description: 'The voice assistant was disconnected.' });
    },
  });
  const origin = window.location.origin;

  return (
    <Stack>
      <div>
        <Title order={1} size="h2">Voice Assistant</Title>
        <Text c="dimmed">Listen and ask what's on, hands free.</Text>
      </div>
      <Tabs defaultValue="alexa">
        <Tabs.List>
          <Tabs.Tab value="alexa">Alexa</Tabs.Tab>
          <Tabs.Tab value="google">Google</Tabs.Tab>
          <Tabs.Tab value="siri">Siri</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="alexa" pt="md">
          <Card withBorder>
            <Title order={2} size="h4">Set up</Title>
            <List type="ordered" mt="xs" style={{ overflowWrap: 'anywhere' }}>
              <List.Item>Enable the OnAir skill for this server (its operator publishes it with the endpoint {origin}/api/voice/alexa).</List.Item>
              <List.Item>Press Connect below: a six-digit code appears.</List.Item>
              <List.Item>Say "Alexa, ask OnAir to link code" and the six digits.</List.Item>
            </List>
            <Title order={3} size="h5" mt="md">Say</Title>
            <List>
              {ALEXA_EXAMPLES.map((e) => (
                <List.Item key={e}>"{e}"</List.Item>
              ))}
            </List>
            <Button mt="md" onClick={() => connect.mutate('alexa')} loading={connect.isPending} disabled={connect.isPending}>
              Connect Alexa
            </Button>
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="google" pt="md">
          <Alert color="gray" title="Google Assistant">
            Google shut down Conversational Actions on 13 June 2023, so no service can add commands to Google Assistant any more. Install
            OnAir as an app instead (Mobile Apps, Install app) and use it from your phone's home screen.
          </Alert>
        </Tabs.Panel>
        <Tabs.Panel value="siri" pt="md">
          <Card withBorder>
            <Title order={2} size="h4">Siri Shortcuts</Title>
            <Text size="sm" mt="xs">In the Shortcuts app, make a shortcut with the action Open URLs and one of these addresses, then name it (the name is what you say to Siri):</Text>
            <List mt="xs">
              <List.Item>"OnAir on TV" — <Code>{origin}/tv</Code></List.Item>
              <List.Item>"OnAir downloads" — <Code>{origin}/mobile?tab=offline</Code></List.Item>
              <List.Item>"What's live on OnAir" — <Code>{origin}/</Code></List.Item>
            </List>
            <Button mt="md" variant="default" onClick={() => connect.mutate('siri')} loading={connect.isPending}>
              I set up Siri Shortcuts
            </Button>
          </Card>
        </Tabs.Panel>
      </Tabs>
      <Title order={2} size="h4">Connected devices</Title>
      {list.data?.length === 0 && <Text c="dimmed">No voice assistants connected</Text>}
      {list.data?.map((a) => (
        <Card withBorder key={a.id}>
          <Group justify="space-between">
            <div>
              <Text fw={600}>{a.deviceName}</Text>
              <Text size="sm" c="dimmed">
                {a.linkCode ? `Say "Alexa, ask OnAir to link code ${a.linkCode}"` : a.lastUsed ? `Last used ${new Date(a.lastUsed).toLocaleString()}` : 'Not used yet'}
              </Text>
            </div>
            <Group>
              <Switch label="Enabled" checked={a.enabled} onChange={(e) => toggle.mutate({ id: a.id, enabled: e.currentTarget.checked })} />
              <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate(a.id)}>
                Delete
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
      <Text size="xs" c="dimmed">
        Privacy: OnAir receives only what Alexa sends for the OnAir skill (the request and an anonymous account id), never recordings of your
        voice; deleting the device here unlinks it.
      </Text>
    </Stack>
  );
}
