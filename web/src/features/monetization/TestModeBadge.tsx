import { Badge, Tooltip } from '@mantine/core';

/** Says plainly that no real money moves while the test provider is in use. */
export function TestModeBadge({ testMode }: { testMode: boolean | undefined }) {
  if (!testMode) return null;
  return (
    <Tooltip label="Payments go through the test provider: no real money moves. Use a test card such as 4242 4242 4242 4242." withArrow multiline w={260}>
      <Badge color="orange" variant="light" data-testid="test-mode">
        Test mode
      </Badge>
    </Tooltip>
  );
}
