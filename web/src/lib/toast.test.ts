import { describe, expect, it } from 'vitest';
import { loadNotifications, toast } from './toast';

describe('toasts', () => {
  it('shows one at a time, the newest: a second toast replaces the one shown instead of waiting behind it', async () => {
    const { notificationsStore } = await loadNotifications();
    toast({ title: 'Donation failed', description: '400: amount must be at most 10000', variant: 'destructive' });
    toast({ title: 'Donation failed', description: '400: paymentMethodId: add a payment method first', variant: 'destructive' });
    await loadNotifications();
    const shown = notificationsStore.getState().notifications;
    expect(shown.map((n) => n.message)).toEqual(['400: paymentMethodId: add a payment method first']);
    expect(shown[0]).toMatchObject({ title: 'Donation failed', color: 'red' });
  });
});
