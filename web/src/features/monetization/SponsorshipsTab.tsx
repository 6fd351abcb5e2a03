import { LoadError } from '../../components/LoadError';
import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SponsorshipOffer } from '@onair/protocol';
import { toast, toastError } from '../../lib/toast';
import { formatMoney, monetizationQueries, useApplyToOffer, useDecideApplication } from './queries';

function OfferCard({ offer }: { offer: SponsorshipOffer }) {
  const apply = useApplyToOffer();
  const status = offer.application?.status;
  return (
    <Card withBorder padding="lg">
      <Stack gap={6}>
        <Group justify="space-between">
          <Title order={3} size="h5">{offer.title}</Title>
          {status && <Badge variant="light">{status === 'accepted' ? `Accepted · ${offer.application!.paymentsMade} of ${offer.durationMonths} paid` : status}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {offer.sponsorName}
          {offer.description ? ` · ${offer.description}` : ''}
        </Text>
        <Text fw={700}>{formatMoney(offer.monthlyAmountCents, offer.currency)} / month for {offer.durationMonths} months</Text>
        <Text size="sm">
          Needs {offer.minMonthlyViews.toLocaleString()} monthly views · you have {offer.creatorMonthlyViews.toLocaleString()}
        </Text>
        {!status && (
          <Button
            mt="xs"
            disabled={!offer.eligible}
            loading={apply.isPending}
            onClick={() => apply.mutate(offer.id, { onSuccess: () => toast({ title: 'Application Sent', description: `${offer.sponsorName} will hear from OnAir.` }), onError: toastError('Could not apply') })}
          >
            {offer.eligible ? 'Apply' : 'Not enough views yet'}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** Creators: offers matched against their real monthly views. */
export function SponsorshipOffers() {
  const offers = useQuery(monetizationQueries.sponsorships());
  if (offers.isPending) return <Loader />;
  if (offers.isError) return <LoadError error={offers.error} retry={offers.refetch} />;
  if (offers.data.length === 0) return <Text c="dimmed">No sponsorship offers yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      {offers.data.map((o) => (
        <OfferCard key={o.id} offer={o} />
      ))}
    </SimpleGrid>
  );
}

/** Admins: the creators' applications, to accept or decline. */
export function SponsorshipApplications() {
  const applications = useQuery(monetizationQueries.applications());
  const decide = useDecideApplication();
  if (applications.isPending) return <Loader />;
  if (applications.isError) return <LoadError error={applications.error} retry={applications.refetch} />;
  if (applications.data.length === 0) return <Text c="dimmed">No applications yet.</Text>;
  return (
    <Table>
      <Table.Tbody>
        {applications.data.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td>{a.creatorName}</Table.Td>
            <Table.Td>
              {a.offerTitle} ({a.sponsorName})
            </Table.Td>
            <Table.Td>
              <Badge variant="light">{a.status === 'accepted' ? `accepted · ${a.paymentsMade} paid` : a.status}</Badge>
            </Table.Td>
            <Table.Td>
              {a.status === 'pending' && (
                <Group gap="xs">
                  <Button size="xs" onClick={() => decide.mutate({ id: a.id, accept: true }, { onError: toastError('Could not accept') })}>
                    Accept
                  </Button>
                  <Button size="xs" variant="default" onClick={() => decide.mutate({ id: a.id, accept: false }, { onError: toastError('Could not decline') })}>
                    Decline
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
