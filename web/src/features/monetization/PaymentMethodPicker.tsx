import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AddPaymentMethodDialog } from './AddPaymentMethodDialog';
import { monetizationQueries } from './queries';

/**
 * Which saved payment method a charge uses (the default one preselected), with a way to add one on
 * the spot; for forms outside the Monetization page (church giving, institution tiers).
 */
export function PaymentMethodPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const methods = useQuery(monetizationQueries.methods());
  const membership = useQuery(monetizationQueries.membership());
  const [adding, setAdding] = useState(false);
  const list = useMemo(() => methods.data ?? [], [methods.data]);
  useEffect(() => {
    // Keep a choice that still exists; otherwise fall back to the default (or the newest added).
    if (value !== null && list.some((m) => m.id === value)) return;
    const fallback = list.find((m) => m.isDefault) ?? list[0];
    if (fallback) onChange(fallback.id);
  }, [list, value, onChange]);
  return (
    // On a phone the button goes under the list rather than squeezing it to a few letters.
    <Group align="flex-end" gap="xs">
      <Select
        label="Payment method"
        placeholder={methods.isPending ? 'Loading…' : 'Add a payment method first'}
        data={list.map((m) => ({ value: String(m.id), label: m.name }))}
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(v ? Number(v) : null)}
        style={{ flex: 1, minWidth: 220 }}
      />
      <Button variant="default" onClick={() => setAdding(true)}>
        Add Payment Method
      </Button>
      <AddPaymentMethodDialog opened={adding} onClose={() => setAdding(false)} testMode={membership.data?.testMode ?? true} />
    </Group>
  );
}
