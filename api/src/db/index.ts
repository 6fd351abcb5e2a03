export { openDatabase, isPostgresUrl, postgresClientConfig, type Db, type DialectName } from './dialect.ts';
export { migrateToLatest } from './migrate.ts';
export type * from './schema.ts';
