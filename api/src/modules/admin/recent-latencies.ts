/**
 * The newest request latencies with the time each was taken, for System Health's p95 over a window.
 * A fixed ring of two typed arrays: every API request records one, and an object per request would be
 * garbage to collect, kept alive for minutes (so promoted to the old generation) in bulk.
 */
export class RecentLatencies {
  private readonly at: Float64Array;
  private readonly ms: Float64Array;
  /** Where the next latency goes; with `size`, the ring's newest `size` entries end just before it. */
  private next = 0;
  private size = 0;

  constructor(readonly capacity: number) {
    this.at = new Float64Array(capacity);
    this.ms = new Float64Array(capacity);
  }

  /** Keeps one latency; the oldest one goes once the ring is full. */
  record(at: number, ms: number): void {
    this.at[this.next] = at;
    this.ms[this.next] = ms;
    this.next = (this.next + 1) % this.capacity;
    if (this.size < this.capacity) this.size += 1;
  }

  /** The latencies taken at or after `since`, oldest first. */
  since(since: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.size; i++) {
      const slot = (this.next - this.size + i + this.capacity) % this.capacity;
      if (this.at[slot]! >= since) out.push(this.ms[slot]!);
    }
    return out;
  }
}
