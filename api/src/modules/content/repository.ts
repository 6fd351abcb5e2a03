import { expressionBuilder, sql, type Kysely } from 'kysely';
import { CONTENT_LIST_DEFAULT, type Content } from '@onair/protocol';
import type { Database, ContentRow, NewContent } from '../../db/schema.ts';
import type { MediaAssetRow } from '../../db/schema-media.ts';
import { containsText } from '../../db/contains.ts';
import { notFound } from '../../http/errors.ts';
import type { LiveAudience } from '../../realtime/audience.ts';
import type { CurationRule } from '../curation/repository.ts';
import { playbackFor } from '../media/playback.ts';

export interface ContentFilter {
  live?: boolean | undefined;
  type?: ContentRow['type'] | undefined;
  creatorId?: number | undefined;
  /** Whether the item has a ready file to download (media_assets.file_path). */
  downloadable?: boolean | undefined;
  /** Whether the item has ready on-demand media to play (a stream, audio or a file). */
  playable?: boolean | undefined;
  /** Text the title or the creator's name contains. */
  search?: string | undefined;
  limit?: number | undefined;
  /** Regional curation of the viewer's region: matching items first, strongest rule first. */
  boost?: readonly CurationRule[] | undefined;
}

type ContentWithCreator = ContentRow & { creatorName: string | null; pastViewers: number | null };

/** Items joined to their creator's account and profile, before any column is chosen: filters may use both. */
export function contentWithCreator(db: Kysely<Database>) {
  return db
    .selectFrom('content')
    .leftJoin('users', 'users.id', 'content.creatorId')
    .leftJoin('creatorProfiles', 'creatorProfiles.userId', 'content.creatorId');
}

/** Items of contentWithCreator whose title or creator (username or display name) contains `text`: the search boxes' match. */
export function titleOrCreatorContains(text: string) {
  const fields = [sql.ref<string>('content.title'), sql.ref<string | null>('users.username'), sql.ref<string | null>('creatorProfiles.displayName')];
  return sql<boolean>`(${sql.join(fields.map((field) => containsText(field, text)), sql` or `)})`;
}

/** What presentContent reads: the item, its creator's name and distinct viewers so far (the running counter, not a count over view events). */
export function withListColumns(query: ReturnType<typeof contentWithCreator>) {
  return query
    .leftJoin('contentViewCounts', 'contentViewCounts.contentId', 'content.id')
    .selectAll('content')
    .select((eb) => eb.fn.coalesce('creatorProfiles.displayName', 'users.username').as('creatorName'))
    .select('contentViewCounts.viewers as pastViewers');
}

const selectContent = (db: Kysely<Database>) => withListColumns(contentWithCreator(db));

/** What lists read of an item's media row: its state, why it failed, and what there is to play. */
export type ItemMedia = Pick<MediaAssetRow, 'contentId' | 'status' | 'error' | 'hlsPath' | 'audioPath' | 'filePath' | 'thumbnailPath'>;

async function mediaAssets(db: Kysely<Database>, ids: number[]): Promise<Map<number, ItemMedia>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('mediaAssets')
    .select(['contentId', 'status', 'error', 'hlsPath', 'audioPath', 'filePath', 'thumbnailPath'])
    .where('contentId', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.contentId, r]));
}

/** Items as lists show them, each beside its media row (absent when nothing was uploaded or recorded). */
export async function presentContentWithMedia(
  db: Kysely<Database>,
  audience: LiveAudience,
  rows: ContentWithCreator[],
): Promise<{ content: Content; media: ItemMedia | undefined }[]> {
  const liveIds = rows.filter((r) => r.status === 'live').map((r) => r.id);
  const [live, assets] = await Promise.all([audience.viewerCounts(liveIds), mediaAssets(db, rows.map((r) => r.id))]);
  return rows.map((r) => {
    const media = assets.get(r.id);
    const content: Content = {
      id: r.id,
      title: r.title,
      description: r.description,
      type: r.type,
      category: r.category,
      status: r.status,
      creatorId: r.creatorId,
      creatorName: r.creatorName,
      viewerCount: (r.status === 'live' ? live.get(r.id) : r.pastViewers) ?? 0,
      duration: r.durationSeconds,
      language: r.language,
      createdAt: new Date(r.createdAt).toISOString(),
      playback: playbackFor(media),
    };
    return { content, media };
  });
}

export async function presentContent(db: Kysely<Database>, audience: LiveAudience, rows: ContentWithCreator[]): Promise<Content[]> {
  return (await presentContentWithMedia(db, audience, rows)).map((r) => r.content);
}

/** The weight of the strongest curation rule an item matches (rules come strongest first), else 0. */
function curationOrder(rules: readonly CurationRule[]) {
  const whens = rules.map((r) =>
    r.type
      ? sql`when ${sql.ref('content.type')} = ${r.type} then ${sql.lit(r.weight)}`
      : sql`when ${sql.ref('content.category')} = ${r.category} then ${sql.lit(r.weight)}`,
  );
  return sql<number>`(case ${sql.join(whens, sql` `)} else 0 end)`;
}

/**
 * Whether (`wanted`) or not an item has media that is ready and holds what `holds` asks: a file to
 * download, or anything to play (a stream, audio or a file).
 */
function readyMedia(wanted: boolean, holds: 'file' | 'playable') {
  const eb = expressionBuilder<Database, 'content'>();
  const media = eb
    .selectFrom('mediaAssets')
    .select('mediaAssets.contentId')
    .whereRef('mediaAssets.contentId', '=', 'content.id')
    .where('mediaAssets.status', '=', 'ready')
    .where((m) =>
      holds === 'file'
        ? m('mediaAssets.filePath', 'is not', null)
        : m.or([m('mediaAssets.hlsPath', 'is not', null), m('mediaAssets.audioPath', 'is not', null), m('mediaAssets.filePath', 'is not', null)]),
    );
  return wanted ? eb.exists(media) : eb.not(eb.exists(media));
}

export async function listContent(db: Kysely<Database>, audience: LiveAudience, filter: ContentFilter) {
  let query = selectContent(db);
  if (filter.live === true) query = query.where('content.status', '=', 'live');
  if (filter.live === false) query = query.where('content.status', '!=', 'live');
  if (filter.type) query = query.where('content.type', '=', filter.type);
  if (filter.creatorId) query = query.where('content.creatorId', '=', filter.creatorId);
  if (filter.downloadable !== undefined) query = query.where(readyMedia(filter.downloadable, 'file'));
  if (filter.playable !== undefined) query = query.where(readyMedia(filter.playable, 'playable'));
  if (filter.search) query = query.where(titleOrCreatorContains(filter.search));
  if (filter.boost?.length) query = query.orderBy(curationOrder(filter.boost), 'desc');
  const rows = await query
    .orderBy('content.createdAt', 'desc')
    .orderBy('content.id', 'desc')
    .limit(filter.limit ?? CONTENT_LIST_DEFAULT)
    .execute();
  return presentContent(db, audience, rows);
}

export async function findContent(db: Kysely<Database>, audience: LiveAudience, id: number) {
  const row = await selectContent(db).where('content.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [content] = await presentContent(db, audience, [row]);
  return content;
}

/** 404 unless the item exists: for routes that act on an item without reading it. */
export async function assertContentExists(db: Kysely<Database>, id: number): Promise<void> {
  const row = await db.selectFrom('content').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No content with that id');
}

export async function insertContent(db: Kysely<Database>, values: NewContent): Promise<number> {
  const row = await db.insertInto('content').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
