/**
 * The broadcaster's encoder as the server last said (`stream:signal`), by item: away, and until when the
 * broadcast waits for it. The watch session writes it (it hears the item's room and is told on
 * entering it); players read it to say whose connection dropped: the broadcaster's, or, when the server
 * said nothing, the stream's way to this viewer.
 */
import { create } from 'zustand';
import type { StreamSignal } from '@onair/protocol';

interface StreamSignals {
  /** Items whose encoder is away, with when their broadcast ends unless it returns. */
  away: Record<number, string | null>;
  record(signal: StreamSignal): void;
}

export const useStreamSignals = create<StreamSignals>()((set) => ({
  away: {},
  record: (signal) =>
    set(({ away }) => {
      const { [signal.contentId]: _was, ...others } = away;
      return { away: signal.state === 'lost' ? { ...others, [signal.contentId]: signal.endsAt } : others };
    }),
}));

/** Whether the server said the item's encoder is away, and until when its broadcast waits (undefined: not said). */
export const useEncoderAway = (contentId: number): string | null | undefined => useStreamSignals((s) => (contentId in s.away ? s.away[contentId] : undefined));
