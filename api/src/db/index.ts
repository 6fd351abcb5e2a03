export { openDatabase, isPostgresUrl, postgresClientConfig, type Db, type DialectName } from './dialect.ts';
export { migrateToLatest } from './migrate.ts';
export type * from './schema.ts';
export { checkRedisReachable, RedisUnreachableError } from './redis-check.ts';
export { selectRecords } from './queries/podcasts.ts';
