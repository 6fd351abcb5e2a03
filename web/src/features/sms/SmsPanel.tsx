/**
 * How audiences without data take part: SMS keywords and the USSD menu, working on this server when
 * its operator configured Twilio and Africa's Talking (otherwise the panel says how), and linking the
 * person's phone to their account with a code texted from the phone.
 */
import { Alert, Button, Card, Code, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SMS_COMMANDS, USSD_MENU, type SmsStatus } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { toastError } from '../../lib/toast';
import { ForOperators } from '../shell/ForOperators';

const SMS_STATUS_KEY = ['/api/sms/status'] as const;

export function SmsPanel() {
  const client = useQueryClient();
  const status = useQuery({ queryKey: SMS_STATUS_KEY, queryFn: () => apiRequest<SmsStatus>('GET', '/api/sms/status') });
  const link = useMutation({
    mutationFn: () => apiRequest<SmsStatus>('POST', '/api/sms/link'),
    onSuccess: (s) => client.setQueryData(SMS_STATUS_KEY, s),
    onError: toastError('Link Failed'),
  });
  const unlink = useMutation({
    mutationFn: () => apiRequest<SmsStatus>('DELETE', '/api/sms/link'),
    onSuccess: (s) => client.setQueryData(SMS_STATUS_KEY, s),
  });
  const s = status.data;
  const keyword = s?.keyword ?? 'ONAIR';
  const phone = s?.phone;

  return (
    <Stack>
      {s && !s.twilio && (
        <Alert color="yellow" title="SMS is not enabled on this server">
          <ForOperators others="Ask the people who run OnAir here to turn it on.">
            The operator turns it on by setting TWILIO_AUTH_TOKEN and pointing the Twilio number's messaging webhook at /api/sms/twilio
            (TWILIO_ACCOUNT_SID and TWILIO_FROM_NUMBER also let OnAir send go-live texts).
          </ForOperators>
        </Alert>
      )}
      {s && !s.ussd && (
        <Alert color="yellow" title="USSD is not enabled on this server">
          <ForOperators others="Ask the people who run OnAir here to turn it on.">
            The operator turns it on by setting AT_USERNAME and AT_API_KEY for Africa's Talking; the callback address then appears here for admins.
          </ForOperators>
        </Alert>
      )}
      {(s?.twilioWebhookUrl || s?.ussdCallbackUrl) && (
        <Card withBorder>
          <Title order={3} size="h5">Provider settings (admins)</Title>
          {s.twilioWebhookUrl && <Text size="sm">Twilio messaging webhook (HTTP POST): <Code>{s.twilioWebhookUrl}</Code></Text>}
          {s.ussdCallbackUrl && <Text size="sm">Africa's Talking USSD callback: <Code>{s.ussdCallbackUrl}</Code></Text>}
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md">
          <Stack gap="xs">
            <Title order={2} size="h4">SMS commands</Title>
            <Text size="sm" c="dimmed">Text a command to the broadcaster's number. Every command starts with the keyword {keyword}.</Text>
            <List spacing="xs">
              {SMS_COMMANDS.map((c) => (
                <List.Item key={c.command}>
                  <Code>
                    {keyword} {c.command}
                  </Code>{' '}
                  — {c.description}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Card>
        <Card withBorder radius="md">
          <Stack gap="xs">
            <Title order={2} size="h4">USSD main menu</Title>
            <Text size="sm" c="dimmed">Dial the broadcaster's USSD code from any phone and reply with a number.</Text>
            <List type="ordered" spacing="xs">
              {USSD_MENU.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md">
        <Title order={2} size="h4">Your phone</Title>
        {phone?.confirmed ? (
          <Stack gap="xs" mt="xs">
            <Text size="sm">
              {phone.phone} is linked to your account{phone.subscribed ? ' and gets go-live texts' : ''}. Votes and commands from it count as yours.
            </Text>
            <Button variant="default" w="fit-content" onClick={() => unlink.mutate()}>
              Unlink
            </Button>
          </Stack>
        ) : phone?.code ? (
          <Text size="sm" mt="xs" data-testid="sms-link-code">
            From your phone, text <Code>{keyword} LINK {phone.code}</Code> to the broadcaster's number within 15 minutes.
          </Text>
        ) : (
          <Stack gap="xs" mt="xs">
            <Text size="sm">Link a phone so that its votes and SUBSCRIBE count for your account.</Text>
            <Button w="fit-content" onClick={() => link.mutate()} loading={link.isPending} disabled={!s?.twilio && !s?.ussd}>
              Link my phone
            </Button>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
