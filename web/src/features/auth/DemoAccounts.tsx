import { Badge, Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { publicQueries } from '../public/queries';

/** Lists the demo accounts, with one-click fill, only while the deployment runs with demo data. */
export function DemoAccounts({ onUse }: { onUse: (account: { username: string; password: string }) => void }) {
  const config = useQuery(publicQueries.config());
  const accounts = config.data?.demoMode ? config.data.demoAccounts : [];
  if (accounts.length === 0) return null;
  return (
    <Card withBorder mt="lg" padding="sm" radius="md" bg="var(--mantine-color-default-hover)">
      <Text size="sm" fw={600} mb="xs">
        Demo accounts
      </Text>
      <Stack gap="xs">
        {accounts.map((account) => (
          <Group key={account.username} justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" miw={80}>
                {account.role}
              </Badge>
              <Code>{account.username}</Code>
              <Code>{account.password}</Code>
            </Group>
            <Button size="compact-sm" variant="light" onClick={() => onUse(account)} aria-label={`Use the ${account.username} account`}>
              Use
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
