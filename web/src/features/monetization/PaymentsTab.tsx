import { useState } from 'react';
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconCreditCard, IconDeviceMobile, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '@onair/protocol';
import { toastError } from '../../lib/toast';
import { AddPaymentMethodDialog } from './AddPaymentMethodDialog';
import { monetizationQueries, usePaymentMethodAction } from './queries';

const icons = { card: IconCreditCard, mobile_money: IconDeviceMobile, bank: IconBuildingBank } as const;

function MethodRow({ method }: { method: PaymentMethod }) {
  const action = usePaymentMethodAction();
  const Icon = icons[method.type];
  return (
    <Group justify="space-between" data-testid="payment-method">
      <Group gap="sm">
        <Icon size={20} />
        <div>
          <Text fw={500}>{method.name}</Text>
          {method.expMonth !== null && (
            <Text size="xs" c="dimmed">
              Expires {String(method.expMonth).padStart(2, '0')}/{method.expYear}
            </Text>
          )}
        </div>
        {method.isDefault && <Badge variant="light">Default</Badge>}
      </Group>
      <Group gap="xs">
        {!method.isDefault && (
          <Button size="xs" variant="default" onClick={() => action.mutate({ id: method.id, action: 'default' }, { onError: toastError('Could not set default') })}>
            Make default
          </Button>
        )}
        <Button size="xs" variant="subtle" color="red" onClick={() => action.mutate({ id: method.id, action: 'remove' }, { onError: toastError('Could not remove') })}>
          Remove
        </Button>
      </Group>
    </Group>
  );
}

export function PaymentsTab({ testMode }: { testMode: boolean }) {
  const methods = useQuery(monetizationQueries.methods());
  const [adding, setAdding] = useState(false);
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">Payment methods</Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Payment Method
          </Button>
        </Group>
        {methods.isPending ? (
          <Loader />
        ) : methods.isError ? (
          <Text c="red">{methods.error.message}</Text>
        ) : methods.data.length === 0 ? (
          <Text c="dimmed">No payment methods added</Text>
        ) : (
          methods.data.map((m) => <MethodRow key={m.id} method={m} />)
        )}
      </Stack>
      <AddPaymentMethodDialog opened={adding} onClose={() => setAdding(false)} testMode={testMode} />
    </Card>
  );
}
