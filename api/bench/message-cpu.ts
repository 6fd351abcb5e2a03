/**
 * The `message` part of `npm run bench:realtime`: CPU per chat message in one process, through OnAir's
 * whole write path (validation, timeout and access checks, moderation scoring, the message, its points
 * and day totals in one transaction), beside the floor of any persisted chat in the same run: the same
 * message row inserted by a prepared better-sqlite3 statement in a transaction of its own, on a database
 * file of the same settings. No socket is involved: this is the work a message adds to its broadcast.
 * Both again at the fan-out's pace (BENCH_RATE a second), where each message finds the CPU cold.
 * Then the same authors again once each has about three years of daily activity behind them: the cost
 * of a message must not grow with its author's history (their points are a running total). Then,
 * apart, the profanity search of a clean line by obscenity's matcher alone and behind the term
 * prefilter (moderation/term-prefilter.ts), one after the other in the same run.
 */
import type { FastifyInstance } from 'fastify';
import SQLite from 'better-sqlite3';
import path from 'node:path';
import { createTestApp, SMALL_SEED } from '../test/support/app.ts';
import { sendChatMessage } from '../src/modules/chat/service.ts';
import { termPrefilter } from '../src/modules/moderation/term-prefilter.ts';
import { profanityMatcher as matcher } from '../src/modules/moderation/scoring.ts';
import type { UserRow } from '../src/db/schema.ts';
import { median } from '../../test-support/stats.ts';
import { fmt } from './support.ts';
import { chunks } from '../src/db/batches.ts';
import { DAY_MS } from '@onair/protocol';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 3000);
const ROUNDS = 3;

/** CPU microseconds per call of `send` over `count` calls, one after another. */
async function cpuPerCall(count: number, send: (i: number) => unknown): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) await send(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / count;
}

/** The fan-out's pace (the `chat` part's BENCH_RATE) and how long each paced window lasts. */
const PACE = Number(process.env.BENCH_RATE ?? 50);
const PACED_SECONDS = 5;

/**
 * CPU microseconds per call of `send` at `PACE` calls a second for PACED_SECONDS, less what the process
 * spends idle over a window as long (measured just before: timers, the checkpoint thread, GC). Messages
 * apart cost more than messages back to back (caches and branch history go cold between them, the CPU
 * may slow down); this is the cost a message has in a running chat.
 */
async function pacedCpuPerCall(send: (i: number) => unknown): Promise<number> {
  const count = PACE * PACED_SECONDS;
  const idleStart = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, PACED_SECONDS * 1000));
  const idle = process.cpuUsage(idleStart);
  const start = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = t0 + (i * 1000) / PACE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await send(i);
  }
  const used = process.cpuUsage(start);
  const idleShare = (performance.now() - t0) / (PACED_SECONDS * 1000);
  return (used.user + used.system - (idle.user + idle.system) * idleShare) / count;
}

/** Days of past activity the authors get for the second measurement: about three years of daily visits. */
const HISTORY_DAYS = 1000;

/** A day row for each of `days` past days, with points, as a regular's history leaves (rewards/activity.ts). */
async function giveHistory(app: FastifyInstance, authors: readonly UserRow[], days: number) {
  const today = Math.floor(Date.now() / DAY_MS);
  const rows = authors.flatMap((a) => Array.from({ length: days }, (_, k) => ({ userId: a.id, day: today - 1 - k, points: 10, messages: 5 })));
  await app.db.kysely.transaction().execute(async (trx) => {
    for (const chunk of chunks(rows)) await trx.insertInto('userActivityDays').values(chunk).onConflict((oc) => oc.doNothing()).execute();
  });
}

/** The floor: one prepared insert of the same row, committed on its own. */
function bareInsert(dir: string) {
  const sqlite = new SQLite(path.join(dir, 'floor.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec(
    'create table chat_messages (id integer primary key, content_id integer, user_id integer not null, message text not null, idempotency_key text, sentiment real not null, flagged integer not null, hidden integer not null default 0, created_at integer not null)',
  );
  const insert = sqlite.prepare(
    'insert into chat_messages (content_id, user_id, message, idempotency_key, sentiment, flagged, created_at) values (?, ?, ?, ?, ?, ?, ?) returning id',
  );
  const write = sqlite.transaction((i: number) => insert.get(1, 1 + (i % 20), `hello there number ${i}`, null, 0, 0, Date.now()));
  return { write, close: () => sqlite.close() };
}

export async function messageCpu(dir: string) {
  console.log(`\nchat message CPU in one process: ${MESSAGES} messages one after another, ${ROUNDS} rounds`);
  const t = await createTestApp('sqlite', { seed: SMALL_SEED, env: { CHAT_RATE_LIMIT: String(MESSAGES * (ROUNDS + 1)) } });
  const floor = bareInsert(dir);
  try {
    const app: FastifyInstance = t.app;
    const authors: UserRow[] = await app.db.kysely.selectFrom('users').selectAll().where('role', '!=', 'admin').limit(20).execute();
    const live = await app.db.kysely.selectFrom('content').select('id').where('status', '=', 'live').executeTakeFirstOrThrow();
    const send = (i: number) => sendChatMessage(app, authors[i % authors.length]!, { contentId: live.id, message: `hello there number ${i}`, idempotencyKey: `bench-${i}-${process.hrtime.bigint()}` });
    await cpuPerCall(500, send); // warm-up: JIT and the first compilations
    await cpuPerCall(500, floor.write);
    const onAir: number[] = [];
    const bare: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      onAir.push(await cpuPerCall(MESSAGES, send));
      bare.push(await cpuPerCall(MESSAGES, floor.write));
      console.log(`  round ${round}: OnAir ${fmt(onAir.at(-1)!, 0)} µs CPU/message, bare insert ${fmt(bare.at(-1)!, 0)} µs`);
    }
    const [o, b] = [median(onAir), median(bare)];
    console.log(`  median: OnAir ${fmt(o, 0)} µs CPU per message, bare prepared insert ${fmt(b, 0)} µs: ×${fmt(o / b, 1)}`);
    const [pacedOnAir, pacedBare, wakes] = [[] as number[], [] as number[], [] as number[]];
    for (let round = 1; round <= ROUNDS; round++) {
      pacedOnAir.push(await pacedCpuPerCall(send));
      pacedBare.push(await pacedCpuPerCall(floor.write));
      wakes.push(await pacedCpuPerCall(() => undefined));
    }
    const [po, pb, w] = [median(pacedOnAir), median(pacedBare), median(wakes)];
    console.log(`  at ${PACE} messages/s (median of ${ROUNDS} windows of ${PACED_SECONDS} s each, idle CPU taken off):`);
    console.log(`    waking up alone (a timer, nothing sent) ${fmt(w, 0)} µs CPU each`);
    console.log(`    OnAir ${fmt(po, 0)} µs CPU per message, ${fmt(po - w, 0)} beyond the wake-up: ×${fmt((po - w) / o, 1)} of back to back`);
    console.log(`    bare prepared insert ${fmt(pb, 0)} µs, ${fmt(pb - w, 0)} beyond the wake-up: ×${fmt((pb - w) / b, 1)} of back to back`);
    console.log(`    OnAir ÷ bare insert beyond the wake-up: ×${fmt((po - w) / (pb - w), 1)}`);
    await giveHistory(app, authors, HISTORY_DAYS);
    await cpuPerCall(500, send);
    const seasoned: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) seasoned.push(await cpuPerCall(MESSAGES, send));
    const s = median(seasoned);
    console.log(`  the same authors after ${HISTORY_DAYS} days of activity each: OnAir ${fmt(s, 0)} µs CPU per message, ×${fmt(s / o, 2)} of the above (a cost flat with history is ×1)`);
    await profanitySearch();
  } finally {
    floor.close();
    await t.close();
  }
}

/** Part of the above: the profanity search of a clean line, by obscenity's matcher alone and behind the prefilter. */
async function profanitySearch() {
  const mayHoldTerm = termPrefilter(matcher);
  if (!mayHoldTerm) throw new Error('the term prefilter does not know this version of obscenity');
  const line = (i: number) => `hello there number ${i}, what a great show tonight`;
  const alone = (i: number) => matcher.getAllMatches(line(i), true);
  const prefiltered = (i: number) => (mayHoldTerm(line(i)) ? matcher.getAllMatches(line(i), true) : []);
  await cpuPerCall(2000, alone);
  await cpuPerCall(2000, prefiltered);
  const [a, p] = [[] as number[], [] as number[]];
  for (let round = 0; round < ROUNDS; round++) {
    a.push(await cpuPerCall(MESSAGES, alone));
    p.push(await cpuPerCall(MESSAGES, prefiltered));
  }
  const [ma, mp] = [median(a), median(p)];
  console.log(`  profanity search of a clean line (median of ${ROUNDS}): the matcher alone ${fmt(ma, 1)} µs, behind the term prefilter ${fmt(mp, 1)} µs: ×${fmt(mp / ma, 2)}`);
}
