/**
 * API nodes in one test process: each its own server and Redis connection, sharing one database and
 * one Redis prefix, as a scale-out deployment's nodes share them (the Socket.IO adapter, the write
 * relay). `stop()` closes every node started, then the database and the prefix's keys.
 */
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { seedDemo } from '../../src/db/seed/demo.ts';
import { buildServer } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/databases.ts';
import { clearPrefix, TEST_REDIS_URL, uniquePrefix } from '../../../test-support/redis.ts';
import { testConfig, TINY_SEED } from './app.ts';
import { composeJobs } from './jobs.ts';

export interface TestNodes {
  database: TestDatabase;
  /** Builds a node; with `listen`, it takes a port and answers with its URL. */
  start(nodeId: string, options?: { listen?: boolean }): Promise<{ app: FastifyInstance; url: string | null }>;
  stop(): Promise<void>;
}

export async function testNodes(name: string): Promise<TestNodes> {
  const prefix = uniquePrefix(name);
  const database = await createTestDatabase('sqlite');
  await seedDemo(database.db.kysely, TINY_SEED);
  const started: { app: FastifyInstance; redis: Redis }[] = [];
  return {
    database,
    async start(nodeId, { listen = false } = {}) {
      const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
      const app = await buildServer(testConfig({ REDIS_PREFIX: prefix, NODE_ID: nodeId }), { db: database.db, redis, jobs: composeJobs });
      started.push({ app, redis });
      if (!listen) return { app, url: null };
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      return { app, url: `http://127.0.0.1:${address.port}` };
    },
    async stop() {
      for (const node of started) {
        await node.app.close();
        node.redis.disconnect();
      }
      await database.destroy();
      await clearPrefix(prefix);
    },
  };
}
