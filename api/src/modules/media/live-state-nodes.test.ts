/**
 * The encoder's signal across API nodes (real Redis): a node started while a broadcast's encoder is
 * away learns it from the stored signals and greets a viewer entering the item's room with it; a
 * signal whose grace has passed, or that ended since, is not learnt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamSignal } from '@onair/protocol';
import { redisAvailable } from '../../../../test-support/redis.ts';
import { testNodes, type TestNodes } from '../../../test/support/nodes.ts';
import { closeAllSockets, connectSocket, nextEvent } from '../../../test/support/sockets.ts';

const hasRedis = await redisAvailable();

describe.runIf(hasRedis)('encoder signals across API nodes (real Redis)', () => {
  let nodes: TestNodes;
  const startNode = async (nodeId: string) => (await nodes.start(nodeId)).app;

  beforeAll(async () => {
    nodes = await testNodes('signals');
  }, 120_000);
  afterAll(async () => {
    closeAllSockets();
    await nodes?.stop();
  });

  it('tells a node started while an encoder is away, and forgets what ended or outlived its grace', async () => {
    const items = await nodes.database.db.kysely.selectFrom('content').select('id').orderBy('id').limit(3).execute();
    const [away, back, stale] = items.map((i) => i.id) as [number, number, number];
    const lost = (contentId: number, endsIn: number): StreamSignal => ({ contentId, state: 'lost', endsAt: new Date(Date.now() + endsIn).toISOString() });

    const ingest = await startNode('ingest');
    ingest.liveState.publishSignal(lost(away, 60_000));
    ingest.liveState.publishSignal(lost(back, 60_000));
    ingest.liveState.publishSignal({ contentId: back, state: 'restored', endsAt: null });
    ingest.liveState.publishSignal(lost(stale, 200));
    await new Promise((resolve) => setTimeout(resolve, 400));

    const { app: late, url } = await nodes.start('late', { listen: true });
    expect([...late.liveState.signals.values()]).toEqual([ingest.liveState.signals.get(away)]);
    // A viewer entering the item's room on the new node is told at once.
    const viewer = await connectSocket(url!);
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
