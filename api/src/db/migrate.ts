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
import { media } from './migrations/0006_media.ts';
import { security } from './migrations/0007_security.ts';
import { monetization } from './migrations/0008_monetization.ts';
import { education } from './migrations/0009_education.ts';
import { podcasts } from './migrations/0010_podcasts.ts';
import { reach } from './migrations/0011_reach.ts';
import { unclaimedEmail } from './migrations/0012_unclaimed_email.ts';
import { transcripts } from './migrations/0013_transcripts.ts';
import { educationBilling } from './migrations/0014_education_billing.ts';
import { voteKeys } from './migrations/0015_vote_keys.ts';
import { liveCaptions } from './migrations/0016_live_captions.ts';
import { viewCounters } from './migrations/0018_view_counters.ts';
import { pollTallies } from './migrations/0019_poll_tallies.ts';
import { userActivity } from './migrations/0020_user_activity.ts';
import { translationPerLanguage } from './migrations/0021_translation_per_language.ts';
import { accountInvitations } from './migrations/0022_account_invitations.ts';
import { notificationLinks } from './migrations/0023_notification_links.ts';
import { memberListOrder } from './migrations/0024_member_list_order.ts';
import { importLinkOwner } from './migrations/0025_import_link_owner.ts';
import { userPoints } from './migrations/0026_user_points.ts';

function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '0001_foundation': foundation(db.dialect),
    '0002_interactions': interactions(db.dialect),
    '0003_ai': ai(db.dialect),
    '0004_creators': creators(db.dialect),
    '0005_admin': admin(db.dialect),
    '0006_media': media(db.dialect),
    '0007_security': security(db.dialect),
    '0008_monetization': monetization(db.dialect),
    '0009_education': education(db.dialect),
    '0010_podcasts': podcasts(db.dialect),
    '0011_reach': reach(db.dialect),
    '0012_unclaimed_email': unclaimedEmail(db.dialect),
    '0013_transcripts': transcripts(db.dialect),
    '0014_education_billing': educationBilling(db.dialect),
    '0015_vote_keys': voteKeys(db.dialect),
    '0016_live_captions': liveCaptions(db.dialect),
    '0018_view_counters': viewCounters(db.dialect),
    '0019_poll_tallies': pollTallies(),
    '0020_user_activity': userActivity(),
    '0021_translation_per_language': translationPerLanguage(),
    '0022_account_invitations': accountInvitations(db.dialect),
    '0023_notification_links': notificationLinks(),
    '0024_member_list_order': memberListOrder(),
    '0025_import_link_owner': importLinkOwner(),
    '0026_user_points': userPoints(),
  };
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
