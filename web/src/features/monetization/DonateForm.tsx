import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { DONATION } from '@onair/protocol/constants';
import { OfflineNote } from '../../components/OfflineNote';
import { useBrowserOnline } from '../../lib/online';
import { toast, toastError } from '../../lib/toast';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import { newIdempotencyKey, useDonate } from './queries';

/** Quick amounts (spec §9) or a custom one within the limits; sent to one creator from a chosen payment method. */
export function DonateForm({ creatorId, contentId, onSent }: { creatorId: number; contentId?: number; onSent?: () => void }) {
  const [amount, setAmount] = useState<number | ''>('');
  const [message, setMessage] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [methodId, setMethodId] = useState<number | null>(null);
  const donate = useDonate();
  // Money waits for a connection: nothing is tried (and nothing can be charged twice) while offline.
  const online = useBrowserOnline();
  const inRange = typeof amount === 'number' && amount >= DONATION.minimum && amount <= DONATION.maximum;
  const valid = inRange && methodId !== null;
  const send = () => {
    if (!valid || !online) return;
    donate.mutate(
      { amount, creatorId, contentId, message: message.trim() || undefined, paymentMethodId: methodId, idempotencyKey: key },
      {
        onSuccess: () => {
          toast({ title: 'Donation Sent', description: 'Thank you for supporting the creator!' });
          setAmount('');
          setMessage('');
          setKey(newIdempotencyKey());
          onSent?.();
        },
        onError: (error) => {
          setKey(newIdempotencyKey());
          toastError('Donation failed')(error);
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {DONATION.quickAmounts.map((q) => (
          <Button key={q} variant={amount === q ? 'filled' : 'default'} onClick={() => setAmount(q)}>
            ${q}
          </Button>
        ))}
      </Group>
      <NumberInput label="Custom amount" hideControls min={DONATION.minimum} max={DONATION.maximum} decimalScale={2} prefix="$" thousandSeparator="," value={amount} onChange={(v) => setAmount(typeof v === 'number' ? v : '')} />
      <Textarea label="Message (optional)" maxLength={200} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
      {typeof amount === 'number' && amount < DONATION.minimum && <Text size="xs" c="red">The minimum is ${DONATION.minimum}.</Text>}
      {typeof amount === 'number' && amount > DONATION.maximum && <Text size="xs" c="red">The most one donation can be is ${DONATION.maximum.toLocaleString('en-US')}.</Text>}
      <PaymentMethodPicker value={methodId} onChange={setMethodId} />
      <Button onClick={send} disabled={!valid || !online} loading={donate.isPending}>
        Send Donation
      </Button>
      <OfflineNote testId="donate-offline">Nothing is charged; send it when your connection is back.</OfflineNote>
    </Stack>
  );
}
