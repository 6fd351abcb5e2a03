/**
 * Migrations run at start, in order, once each (Kysely's Migrator keeps the ledger and a lock, so two
 * API processes starting together against Postgres do not race).
 */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './dialect.ts';
import { foundation } from './migrations/0001_foundation.ts';
import { interactions } from './migrations/0002_interactions.ts';
import { ai } from './migrations/0003_ai.ts';
import { creators } from './migrations/0004_creators.ts';
import { admin } from './migrations/0005_admin.ts';

function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '0001_foundation': foundation(db.dialect),
    '0002_interactions': interactions(db.dialect),
    '0003_ai': ai(db.dialect),
    '0004_creators': creators(db.dialect),
    '0005_admin': admin(db.dialect),
  };
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
