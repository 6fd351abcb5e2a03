import { useState } from 'react';
import { Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { MOBILE_MONEY_BRANDS, type PaymentMethodAddRequest, type PaymentMethodType } from '@onair/protocol';
import { OfflineNote } from '../../components/OfflineNote';
import { useBrowserOnline } from '../../lib/online';
import { toast, toastError } from '../../lib/toast';
import { useAddPaymentMethod } from './queries';

/**
 * Card, mobile money or bank. In test mode the number goes to OnAir's server, which passes it to the
 * test provider and keeps only the token it returns; the Stripe build takes cards with Stripe's form.
 */
export function AddPaymentMethodDialog({ opened, onClose, testMode }: { opened: boolean; onClose: () => void; testMode: boolean }) {
  const [type, setType] = useState<PaymentMethodType>('card');
  const [cardNumber, setCardNumber] = useState('');
  const [expMonth, setExpMonth] = useState<number | ''>('');
  const [expYear, setExpYear] = useState<number | ''>('');
  const [cvc, setCvc] = useState('');
  const [brand, setBrand] = useState<string | null>(MOBILE_MONEY_BRANDS[0]);
  const [phone, setPhone] = useState('');
  const [bankName, setBankName] = useState('');
  const [account, setAccount] = useState('');
  const add = useAddPaymentMethod();
  const online = useBrowserOnline();

  const reset = () => {
    setCardNumber('');
    setExpMonth('');
    setExpYear('');
    setCvc('');
    setPhone('');
    setBankName('');
    setAccount('');
  };
  const body = (): PaymentMethodAddRequest =>
    type === 'card'
      ? { type, cardNumber, expMonth: expMonth === '' ? undefined : expMonth, expYear: expYear === '' ? undefined : expYear, cvc }
      : type === 'mobile_money'
        ? { type, brand: (brand ?? MOBILE_MONEY_BRANDS[0]) as (typeof MOBILE_MONEY_BRANDS)[number], phoneNumber: phone }
        : { type, bankName, accountNumber: account };
  const ready = type === 'card' ? cardNumber && expMonth !== '' && expYear !== '' && cvc : type === 'mobile_money' ? phone : bankName && account;
  const save = () =>
    add.mutate(body(), {
      onSuccess: () => {
        toast({ title: 'Payment Method Added', description: 'Your payment method has been saved securely.' });
        reset();
        onClose();
      },
      onError: toastError('Payment method not added'),
    });

  return (
    <Modal opened={opened} onClose={onClose} title="Add Payment Method">
      <Stack>
        <SegmentedControl
          value={type}
          onChange={(v) => setType(v as PaymentMethodType)}
          data={[
            { value: 'card', label: 'Card' },
            { value: 'mobile_money', label: 'Mobile money' },
            { value: 'bank', label: 'Bank' },
          ]}
        />
        {testMode && (
          <Text size="xs" c="orange">
            Test mode: use 4242 4242 4242 4242 (works) or 4000 0000 0000 0002 (declines); mobile and bank numbers ending in 0002 decline.
          </Text>
        )}
        {type === 'card' && (
          <>
            <TextInput label="Card number" inputMode="numeric" autoComplete="cc-number" value={cardNumber} onChange={(e) => setCardNumber(e.currentTarget.value)} />
            <Group grow>
              <NumberInput label="Expiry month" min={1} max={12} value={expMonth} onChange={(v) => setExpMonth(typeof v === 'number' ? v : '')} />
              <NumberInput label="Expiry year" min={2000} max={2100} value={expYear} onChange={(v) => setExpYear(typeof v === 'number' ? v : '')} />
              <TextInput label="CVC" inputMode="numeric" autoComplete="cc-csc" value={cvc} onChange={(e) => setCvc(e.currentTarget.value)} />
            </Group>
          </>
        )}
        {type === 'mobile_money' && (
          <>
            <Select label="Provider" data={[...MOBILE_MONEY_BRANDS]} value={brand} onChange={setBrand} allowDeselect={false} />
            <TextInput label="Phone number" description="With the country code, as +254 700 000 001" inputMode="tel" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
          </>
        )}
        {type === 'bank' && (
          <>
            <TextInput label="Bank name" value={bankName} onChange={(e) => setBankName(e.currentTarget.value)} />
            <TextInput label="Account number" inputMode="numeric" value={account} onChange={(e) => setAccount(e.currentTarget.value)} />
          </>
        )}
        <Text size="xs" c="dimmed">
          OnAir keeps only the provider’s token, the brand, the last four digits and the expiry.
        </Text>
        <Button onClick={save} disabled={!ready || !online} loading={add.isPending}>
          Save Payment Method
        </Button>
        <OfflineNote testId="payment-method-offline">The details stay here; save them when your connection is back.</OfflineNote>
      </Stack>
    </Modal>
  );
}
