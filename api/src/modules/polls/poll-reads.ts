/**
 * The two reads each vote makes, shared under a storm: the poll itself (options, closing time) from a
 * read cache dropped at any write to polls, and the poll's tally, read once per poll per turn of the
 * event loop however many votes of that turn ask (a batch of votes resolves in one turn).
 */
import type { FastifyInstance } from 'fastify';
import type { PollTally } from '@onair/protocol';
import { ReadCache } from '../../http/read-cache.ts';
import { findPoll, tallies, type PollRow } from './repository.ts';

/** Bounds what the write watch cannot see (another API node closing a poll early). */
const POLL_CACHE_MS = 2000;

export class PollReads {
  private polls: ReadCache<PollRow | null>;
  private tallyReads = new Map<number, Promise<PollTally>>();

  constructor(private app: FastifyInstance) {
    this.polls = new ReadCache(app.db.writes, { tables: ['polls'], ttlMs: POLL_CACHE_MS, maxKeys: 1000 });
  }

  poll(id: number): Promise<PollRow | null> {
    return this.polls.get(String(id), async () => (await findPoll(this.app.db.kysely, id)) ?? null);
  }

  /** The tally as it is now (read after the caller's vote was committed). */
  tally(poll: PollRow): Promise<PollTally> {
    let read = this.tallyReads.get(poll.id);
    if (!read) {
      read = tallies(this.app.db.kysely, [poll]).then((m) => m.get(poll.id)!);
      this.tallyReads.set(poll.id, read);
      // Votes committed later read again: only callers of this same turn share it.
      setImmediate(() => this.tallyReads.delete(poll.id));
    }
    return read;
  }

  close() {
    this.polls.close();
  }
}
