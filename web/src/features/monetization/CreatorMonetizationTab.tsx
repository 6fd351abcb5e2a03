import { Button, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { RevenueTab } from './RevenueTab';
import { useMonetizationLive } from './useDonationsLive';

/** The creator dashboard's Monetization tab: the same ledger figures as /monetization's Revenue tab. */
export function CreatorMonetizationTab() {
  useMonetizationLive();
  return (
    <Stack>
      <RevenueTab />
      <Group>
        <Button component={Link} to="/monetization" variant="light">
          Donations, plans and sponsorships
        </Button>
      </Group>
    </Stack>
  );
}
