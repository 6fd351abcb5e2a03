/**
 * The API process: configuration → database (migrated, demo-seeded when on) → server → listen.
 * Composition happens here and nowhere else.
 */
import { Redis } from 'ioredis';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { seedDemo } from './db/seed/demo.ts';
import { buildServer } from './server.ts';

async function main() {
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  const applied = await migrateToLatest(db);
  if (config.seedDemo) {
    const result = await seedDemo(db.kysely);
    if (result.seeded) console.log(`Demo data seeded: ${result.users} users, ${result.content} items, ${result.viewEvents} view events`);
  }
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: null }) : null;
  const app = await buildServer(config, { db, redis });
  if (applied.length) app.log.info({ applied }, 'migrations applied');

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await db.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
