/**
 * Votes written in batches: every vote that arrives while the previous batch is being written goes
 * into the next one, and a batch is one transaction (issue 14, point 2). A vote storm then costs one
 * commit per batch instead of one per vote, and on SQLite's single connection votes no longer queue
 * one transaction at a time.
 *
 * Within a batch: one multi-row insert of the votes (the (poll, user) primary key still decides, so a
 * person's second vote, in the same batch or a later one, is not counted), one running-tally update per
 * poll option, and the counted votes' day totals and rewards in a few statements for the whole batch
 * (rewards/service.ts recordRewards). Each vote learns whether it was counted and, if its voter was
 * paid points, their new total (told to one vote per voter, so the total is pushed once).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { chunks } from '../../db/batches.ts';
import { inLockOrder } from '../../db/locks.ts';
import { POINTS } from '../rewards/ledger.ts';
import { recordRewards } from '../rewards/service.ts';
import { addVotes } from './tally-counters.ts';

export interface BallotIn {
  pollId: number;
  userId: number;
  optionIndex: number;
  idempotencyKey: string | null;
  at: number;
}

export interface BallotOut {
  counted: boolean;
  /** The voter's new points total, if this batch paid them (the vote's own points or a daily challenge). */
  points: number | null;
}

interface Pending {
  ballot: BallotIn;
  resolve: (out: BallotOut) => void;
  reject: (error: unknown) => void;
}

export class VoteBatcher {
  private waiting: Pending[] = [];
  private writing: Promise<void> | null = null;
  /** Batches written so far (tests and metrics). */
  batches = 0;

  constructor(private db: Kysely<Database>) {}

  submit(ballot: BallotIn): Promise<BallotOut> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ballot, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  /** Writes batches until nothing waits; the first batch starts on the next turn so a burst gathers. */
  private async drain() {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      this.batches += 1;
      try {
        const results = await this.write(batch.map((p) => p.ballot));
        batch.forEach((p, i) => p.resolve(results[i]!));
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    }
    this.writing = null;
  }

  private write(ballots: BallotIn[]): Promise<BallotOut[]> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = new Set<string>();
      // The key's order, stable: a person's two votes keep theirs, and the first is the one inserted.
      for (const chunk of chunks(inLockOrder(ballots, (b) => [b.pollId, b.userId]))) {
        const rows = await trx
          .insertInto('pollVotes')
          .values(chunk.map((b) => ({ pollId: b.pollId, userId: b.userId, optionIndex: b.optionIndex, idempotencyKey: b.idempotencyKey, createdAt: b.at })))
          .onConflict((oc) => oc.columns(['pollId', 'userId']).doNothing())
          .returning(['pollId', 'userId'])
          .execute();
        for (const r of rows) inserted.add(`${r.pollId}:${r.userId}`);
      }
      // A person's two votes in one batch: the first in the statement was inserted, the other not.
      const counted = ballots.filter((b) => inserted.delete(`${b.pollId}:${b.userId}`));
      await addVotes(trx, counted);
      const totals = await recordRewards(
        trx,
        counted.map((b) => ({ userId: b.userId, action: 'vote', points: POINTS.vote, ref: String(b.pollId), at: b.at, counts: { votes: 1 } })),
      );
      const isCounted = new Set(counted);
      // Each paid voter's total goes with their last counted vote of the batch.
      const lastOf = new Map(counted.map((b) => [b.userId, b]));
      return ballots.map((b) => ({ counted: isCounted.has(b), points: lastOf.get(b.userId) === b ? (totals.get(b.userId) ?? null) : null }));
    });
  }
}
