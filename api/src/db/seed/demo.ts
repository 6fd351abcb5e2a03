/**
 * The demo seed: accounts, creators, a library of a few hundred items and tens of thousands of view
 * events over the last 90 days, then what the audience did with them (likes, ratings, subscriptions,
 * chat, polls, questions) and the points that earned. Deterministic (a seeded generator), run once per database (a marker
 * in app_meta), inside one transaction. Dashboards compute their figures from what it writes.
 */
import type { Kysely, Transaction } from 'kysely';
import type { ContentType, ViewDevice } from '@onair/protocol';
import { hashPassword } from '../../modules/auth/passwords.ts';
import type { Database, NewContent, NewViewEvent } from '../schema.ts';
import {
  AUDIENCE_COUNTRIES,
  AUDIENCE_NAMES,
  CATEGORIES,
  type Category,
  contentDescription,
  contentTitle,
  DURATION_MINUTES,
  SEED_CREATORS,
} from './catalog.ts';
import { AUDIENCE_EMAIL_DOMAIN } from './cast.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { seedDemoChat } from './chat.ts';
import { seedPeakViewers } from './peaks.ts';
import { seedDemoLikes } from './likes.ts';
import { seedDemoPoints } from './points.ts';
import { seedDemoPolls } from './polls.ts';
import { seedDemoQuestions } from './questions.ts';
import { seedDemoRatings } from './ratings.ts';
import { SeededRandom } from './random.ts';
import { seedSubscriptions } from './subscriptions.ts';
import { seedDemoMoney } from './money.ts';
import { countViews } from '../../modules/analytics/view-counters.ts';
import { DAY_MS } from '@onair/protocol';
import { recountUserActivity } from '../migrations/0020_user_activity.ts';
import { recountUserPoints } from '../migrations/0026_user_points.ts';

const SEED_MARKER = 'demo_seed_v1';

export interface DemoSeedOptions {
  /** Reference time; tests pass a fixed one. */
  now?: number;
  contentItems?: number;
  audienceSize?: number;
  viewEvents?: number;
  liveItems?: number;
  /** Chat lines in the lobby and live rooms (some flagged for moderation); 0 for none. */
  chatMessages?: number;
  /** Past polls on well-watched items (plus one running in the first live rooms); 0 for no polls. */
  polls?: number;
  /** Questions asked in the live rooms; 0 for none. */
  questions?: number;
}

export interface DemoSeedResult {
  seeded: boolean;
  users: number;
  content: number;
  viewEvents: number;
}

const DEVICES: readonly ViewDevice[] = ['mobile', 'web', 'tv', 'satellite'];
const DEVICE_WEIGHTS = [45, 30, 18, 7];
/** Relative audience by UTC hour: quiet nights, a lunchtime bump, an evening peak. */
const HOUR_WEIGHTS = [3, 2, 1, 1, 1, 2, 4, 6, 7, 6, 6, 7, 9, 8, 7, 7, 8, 10, 13, 15, 16, 14, 10, 6];
const HOURS = HOUR_WEIGHTS.map((_, h) => h);

interface Viewer {
  userId: number | null;
  key: string;
  country: string;
  device: ViewDevice;
  favourites: Category[];
  activity: number;
}

interface SeedItem {
  id: number;
  category: Category;
  type: ContentType;
  createdAt: number;
  durationSeconds: number;
  popularity: number;
}

async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function isDemoSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('appMeta').select('value').where('key', '=', SEED_MARKER).executeTakeFirst();
  return Boolean(row);
}

export async function seedDemo(db: Kysely<Database>, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  if (await isDemoSeeded(db)) return { seeded: false, users: 0, content: 0, viewEvents: 0 };
  const now = options.now ?? Date.now();
  const rng = new SeededRandom(20261122);
  // Hash outside the transaction: argon2 is slow on purpose and must not hold a write lock.
  const demoHashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));

  return db.transaction().execute(async (trx) => {
    const userIds = await seedAccounts(trx, demoHashes, now, rng);
    const items = await seedLibrary(trx, userIds, now, rng, options.contentItems ?? 320, options.liveItems ?? 6);
    const viewers = await seedAudience(trx, userIds, now, rng, options.audienceSize ?? 600);
    const events = buildViewEvents(items, viewers, now, rng, options.viewEvents ?? 40_000);
    await insertInChunks(events, 500, (chunk) => trx.insertInto('viewEvents').values(chunk).execute());
    await countViews(trx, events);
    await seedPeakViewers(trx, events);
    await seedDemoLikes(trx);
    await seedDemoRatings(trx);
    await seedSubscriptions(trx);
    await seedDemoChat(trx, now, options.chatMessages ?? 240);
    await seedDemoPolls(trx, now, options.polls ?? 24);
    await seedDemoQuestions(trx, now, options.questions ?? 18);
    // Last: it replays everything above into the points ledger.
    await seedDemoPoints(trx);
    await seedDemoMoney(trx, now);
    // The history above was written in bulk, past the running totals: count them from it.
    await recountUserActivity(trx);
    await recountUserPoints(trx);
    await trx.insertInto('appMeta').values({ key: SEED_MARKER, value: new Date(now).toISOString() }).execute();
    return { seeded: true, users: userIds.size + viewers.filter((v) => v.userId).length, content: items.length, viewEvents: events.length };
  });
}

async function seedAccounts(trx: Transaction<Database>, hashes: string[], now: number, rng: SeededRandom) {
  const ids = new Map<string, number>();
  const creators = new Map(SEED_CREATORS.map((c) => [c.username, c]));
  const accounts = [
    ...DEMO_ACCOUNTS.map((a, i) => ({ ...a, passwordHash: hashes[i]! })),
    // The other creators publish and are watched, but nobody can sign in as them.
    ...SEED_CREATORS.filter((c) => !DEMO_ACCOUNTS.some((a) => a.username === c.username)).map((c) => ({
      username: c.username,
      password: '',
      role: 'creator' as const,
      email: `${c.username}@creators.onair.local`,
      firstName: c.displayName,
      lastName: null,
      country: c.country,
      passwordHash: '',
    })),
  ];
  for (const a of accounts) {
    const row = await trx
      .insertInto('users')
      .values({
        username: a.username,
        usernameKey: a.username.toLowerCase(),
        email: a.email,
        passwordHash: a.passwordHash,
        firstName: a.firstName,
        lastName: a.lastName,
        role: a.role,
        subscription: 'free',
        status: 'active',
        verified: a.role === 'viewer' ? 0 : 1,
        creatorRequest: a.role === 'creator' ? 'approved' : null,
        country: a.country,
        createdAt: now - rng.int(120, 365) * DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(a.username, row.id);
    const profile = creators.get(a.username);
    if (profile) {
      await trx
        .insertInto('creatorProfiles')
        .values({ userId: row.id, handle: profile.handle, displayName: profile.displayName, bio: profile.bio, createdAt: now - 120 * DAY_MS })
        .execute();
    }
  }
  return ids;
}

async function seedLibrary(
  trx: Transaction<Database>,
  userIds: Map<string, number>,
  now: number,
  rng: SeededRandom,
  count: number,
  liveCount: number,
): Promise<SeedItem[]> {
  const rows: (NewContent & { category: Category; type: ContentType; createdAt: number; durationSeconds: number })[] = [];
  const episodes = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const creator = SEED_CREATORS[i % SEED_CREATORS.length]!;
    const category = rng.chance(0.85) ? rng.pick(creator.focus) : rng.pick(CATEGORIES);
    const type = rng.pick(creator.types);
    const [minMinutes, maxMinutes] = DURATION_MINUTES[type];
    const subjectIndex = rng.int(0, 5);
    const key = `${category}:${subjectIndex}`;
    const episode = (episodes.get(key) ?? 0) + 1;
    episodes.set(key, episode);
    rows.push({
      creatorId: userIds.get(creator.username)!,
      title: contentTitle(category, subjectIndex, episode),
      description: contentDescription(category, creator),
      type,
      category,
      status: 'published',
      durationSeconds: rng.int(minMinutes, maxMinutes) * 60,
      language: creator.country === 'MX' ? 'es' : 'en',
      createdAt: now - Math.floor(rng.next() * 120 * DAY_MS),
      liveSince: null,
    });
  }
  // The newest few TV and radio items of creators other than the demo creator are on air now, so the
  // demo creator starts OFFLINE and can go live from the Studio.
  const demoCreatorId = userIds.get('creator');
  const liveCandidates = rows
    .map((r, index) => ({ r, index }))
    .filter(({ r }) => r.type !== 'podcast' && r.creatorId !== demoCreatorId)
    .sort((a, b) => b.r.createdAt - a.r.createdAt)
    .slice(0, liveCount);
  for (const { r } of liveCandidates) {
    r.status = 'live';
    r.liveSince = now - rng.int(5, 150) * 60_000;
    r.createdAt = Math.min(r.createdAt, r.liveSince);
  }

  const items: SeedItem[] = [];
  for (const row of rows) {
    const { id } = await trx.insertInto('content').values(row).returning('id').executeTakeFirstOrThrow();
    // A heavy-tailed popularity: a few hits, a long tail.
    const popularity = 1 / Math.pow(rng.next() * 0.95 + 0.05, 0.9);
    items.push({ id, category: row.category, type: row.type, createdAt: row.createdAt, durationSeconds: row.durationSeconds, popularity });
  }
  return items;
}

async function seedAudience(
  trx: Transaction<Database>,
  userIds: Map<string, number>,
  now: number,
  rng: SeededRandom,
  size: number,
): Promise<Viewer[]> {
  const countries = AUDIENCE_COUNTRIES.map(([c]) => c);
  const weights = AUDIENCE_COUNTRIES.map(([, w]) => w);
  const viewers: Viewer[] = [];
  const newUsers = [];
  for (let i = 0; i < size; i++) {
    const username = `${AUDIENCE_NAMES[i % AUDIENCE_NAMES.length]}${100 + i}`;
    newUsers.push({
      username,
      usernameKey: username,
      email: `${username}@${AUDIENCE_EMAIL_DOMAIN}`,
      passwordHash: '',
      firstName: null,
      lastName: null,
      role: 'viewer' as const,
      subscription: 'free',
      status: 'active' as const,
      verified: 0,
      creatorRequest: null,
      country: rng.weighted(countries, weights),
      createdAt: now - rng.int(1, 200) * DAY_MS,
    });
  }
  const inserted: { id: number; country: string | null }[] = [];
  await insertInChunks(newUsers, 200, async (chunk) => {
    inserted.push(...(await trx.insertInto('users').values(chunk).returning(['id', 'country']).execute()));
  });
  for (const u of inserted) {
    const first = rng.pick(CATEGORIES);
    let second = rng.pick(CATEGORIES);
    if (second === first) second = CATEGORIES[(CATEGORIES.indexOf(first) + 1) % CATEGORIES.length]!;
    viewers.push({
      userId: u.id,
      key: `u:${u.id}`,
      country: u.country ?? 'US',
      device: rng.weighted(DEVICES, DEVICE_WEIGHTS),
      favourites: [first, second],
      activity: 1 / Math.pow(rng.next() * 0.9 + 0.1, 1.2),
    });
  }
  // The signed-in demo viewers have distinct tastes, so recommendations for them differ.
  const demoTastes: Record<string, { favourites: Category[]; device: ViewDevice }> = {
    viewer: { favourites: ['news', 'sports', 'technology'], device: 'web' },
    listener: { favourites: ['music', 'religion'], device: 'mobile' },
  };
  for (const [username, taste] of Object.entries(demoTastes)) {
    const id = userIds.get(username);
    const account = DEMO_ACCOUNTS.find((a) => a.username === username);
    if (!id || !account) continue;
    viewers.push({ userId: id, key: `u:${id}`, country: account.country, ...taste, activity: 6 });
  }
  // Viewers without an account (smart TVs, satellite boxes, embedded players).
  for (let i = 0; i < Math.round(size / 3); i++) {
    viewers.push({
      userId: null,
      key: `anon:${(i + 1).toString(36).padStart(5, '0')}`,
      country: rng.weighted(countries, weights),
      device: rng.weighted(DEVICES, [20, 25, 35, 20]),
      favourites: [rng.pick(CATEGORIES)],
      activity: 1 / Math.pow(rng.next() * 0.9 + 0.1, 1.1),
    });
  }
  return viewers;
}

function buildViewEvents(items: SeedItem[], viewers: Viewer[], now: number, rng: SeededRandom, count: number): NewViewEvent[] {
  const byCategory = new Map<Category, SeedItem[]>();
  for (const item of items) byCategory.set(item.category, [...(byCategory.get(item.category) ?? []), item]);
  const popularity = (list: SeedItem[]) => list.map((i) => i.popularity);
  const allWeights = popularity(items);
  const viewerWeights = viewers.map((v) => v.activity);
  const windowStart = now - 90 * DAY_MS;

  const events: NewViewEvent[] = [];
  for (let n = 0; n < count; n++) {
    const viewer = rng.weighted(viewers, viewerWeights);
    const favourites = byCategory.get(rng.pick(viewer.favourites));
    const pool = favourites && rng.chance(0.75) ? favourites : items;
    const item = rng.weighted(pool, pool === items ? allWeights : popularity(pool));
    const from = Math.max(item.createdAt, windowStart);
    // Views cluster after release: a fresh item is watched more than an old one.
    const dayOffset = Math.floor(Math.pow(rng.next(), 1.6) * Math.max(1, (now - from) / DAY_MS));
    const dayStart = Math.floor((from + dayOffset * DAY_MS) / DAY_MS) * DAY_MS;
    const at = dayStart + rng.weighted(HOURS, HOUR_WEIGHTS) * 3600_000 + rng.int(0, 3599) * 1000;
    if (at > now || at < from) continue;
    const completion = Math.min(1, 0.05 + Math.pow(rng.next(), 0.8) * 0.95);
    events.push({
      contentId: item.id,
      userId: viewer.userId,
      viewerKey: viewer.key,
      device: rng.chance(0.75) ? viewer.device : rng.weighted(DEVICES, DEVICE_WEIGHTS),
      country: viewer.country,
      watchSeconds: Math.max(30, Math.round(item.durationSeconds * completion)),
      createdAt: at,
    });
  }
  return events;
}
