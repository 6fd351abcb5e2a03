/**
 * Reads that callers asking at the same time share: the first ask for a key starts the read, and
 * later asks for that key get the same promise until it settles; nothing is kept after. `clear` ends
 * every sharing at once, for a write a later ask must see: no answer misses a write made before it
 * was asked. Used where many requests of one event-loop turn ask the same question (the live viewer
 * counts of the home grid's list, in memory and on Redis).
 */
export class SharedReads<K, V> {
  private readonly reading = new Map<K, Promise<V>>();

  get(key: K, read: () => Promise<V>): Promise<V> {
    let reading = this.reading.get(key);
    if (!reading) {
      const started = read();
      // Only this read's own entry: after a `clear`, a newer read may hold the key.
      const forget = () => {
        if (this.reading.get(key) === started) this.reading.delete(key);
      };
      started.then(forget, forget);
      this.reading.set(key, (reading = started));
    }
    return reading;
  }

  clear(): void {
    this.reading.clear();
  }
}
