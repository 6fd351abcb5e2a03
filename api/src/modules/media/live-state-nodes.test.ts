/**
 * The encoder's signal across API nodes (real Redis): a node started while a broadcast's encoder is
 * away learns it from the stored signals and greets a viewer entering the item's room with it; a
 * signal whose grace has passed, or that ended since, is not learnt.
 */
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamSignal } from '@onair/protocol';
import { seedDemo } from '../../db/seed/demo.ts';
import { buildServer } from '../../server.ts';
import { testConfig, TINY_SEED } from '../../../test/support/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/databases.ts';
import { clearPrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../../../test-support/redis.ts';
import { closeAllSockets, connectSocket, nextEvent } from '../../../test/support/sockets.ts';
import { composeJobs } from '../../../test/support/jobs.ts';

const hasRedis = await redisAvailable();

describe.runIf(hasRedis)('encoder signals across API nodes (real Redis)', () => {
  const prefix = uniquePrefix('signals');
  let database: TestDatabase;
  const nodes: { app: FastifyInstance; redis: Redis }[] = [];

  async function startNode(nodeId: string) {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const app = await buildServer(testConfig({ REDIS_PREFIX: prefix, NODE_ID: nodeId }), { db: database.db, redis, jobs: composeJobs });
    nodes.push({ app, redis });
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await seedDemo(database.db.kysely, TINY_SEED);
  }, 120_000);
  afterAll(async () => {
    closeAllSockets();
    for (const node of nodes) {
      await node.app.close();
      node.redis.disconnect();
    }
    await database?.destroy();
    await clearPrefix(prefix);
  });

  it('tells a node started while an encoder is away, and forgets what ended or outlived its grace', async () => {
    const items = await database.db.kysely.selectFrom('content').select('id').orderBy('id').limit(3).execute();
    const [away, back, stale] = items.map((i) => i.id) as [number, number, number];
    const lost = (contentId: number, endsIn: number): StreamSignal => ({ contentId, state: 'lost', endsAt: new Date(Date.now() + endsIn).toISOString() });

    const ingest = await startNode('ingest');
    ingest.liveState.publishSignal(lost(away, 60_000));
    ingest.liveState.publishSignal(lost(back, 60_000));
    ingest.liveState.publishSignal({ contentId: back, state: 'restored', endsAt: null });
    ingest.liveState.publishSignal(lost(stale, 200));
    await new Promise((resolve) => setTimeout(resolve, 400));

    const late = await startNode('late');
    expect([...late.liveState.signals.values()]).toEqual([ingest.liveState.signals.get(away)]);
    // A viewer entering the item's room on the new node is told at once.
    await late.listen({ port: 0, host: '127.0.0.1' });
    const address = late.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const viewer = await connectSocket(`http://127.0.0.1:${address.port}`);
    const told = nextEvent(viewer, 'stream:signal', () => true, 5000);
    await viewer.emitWithAck('content:watch', { contentId: away });
    expect(await told).toEqual(ingest.liveState.signals.get(away));

    // Its end reaches the new node through the relay, and the next node to start learns nothing.
    ingest.liveState.publishSignal({ contentId: away, state: 'ended', endsAt: null });
    await expect.poll(() => late.liveState.signals.size).toBe(0);
    const later = await startNode('later');
    expect(later.liveState.signals.size).toBe(0);
  }, 60_000);
});
