import { Card, Code, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_KEYWORD } from '@onair/protocol';

const SMS_COMMANDS = [
  { command: 'LIVE', meaning: 'What is on air now' },
  { command: 'VOTE [option]', meaning: 'Vote in the current poll, e.g. VOTE 2' },
  { command: 'SCHEDULE', meaning: "Today's programme schedule" },
  { command: 'SUBSCRIBE', meaning: 'Alerts when your favourite shows go live' },
];

const USSD_MENU = ['Live shows', 'Vote in polls', 'Schedule', 'Account balance', 'Subscribe', 'Help'];

/** How audiences without data take part: SMS keywords and the USSD menu. */
export function SmsPanel() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={4}>SMS commands</Title>
          <Text size="sm" c="dimmed">
            Text a command to the broadcaster's short code. Every command starts with the keyword {PRODUCT_KEYWORD}.
          </Text>
          <List spacing="xs">
            {SMS_COMMANDS.map((c) => (
              <List.Item key={c.command}>
                <Code>
                  {PRODUCT_KEYWORD} {c.command}
                </Code>{' '}
                — {c.meaning}
              </List.Item>
            ))}
          </List>
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={4}>USSD main menu</Title>
          <Text size="sm" c="dimmed">
            Dial the broadcaster's USSD code from any phone and reply with a number.
          </Text>
          <List type="ordered" spacing="xs">
            {USSD_MENU.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
