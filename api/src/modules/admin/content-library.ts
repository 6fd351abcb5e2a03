/**
 * The admin's library: every item whatever its state (on air, published, offline, its media being
 * made or failed), newest first, searched by title or creator, a page at a time. It is where a
 * takedown starts when the item is not one the admin already has open.
 */
import type { Kysely } from 'kysely';
import type { AdminContentItem, AdminContentPage, AdminContentQuery } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { LiveAudience } from '../../realtime/audience.ts';
import { contentWithCreator, presentContentWithMedia, titleOrCreatorContains, withListColumns } from '../content/repository.ts';

function filtered(db: Kysely<Database>, query: AdminContentQuery) {
  let items = contentWithCreator(db);
  if (query.search) items = items.where(titleOrCreatorContains(query.search));
  if (query.status) items = items.where('content.status', '=', query.status);
  if (query.type) items = items.where('content.type', '=', query.type);
  const media = query.media;
  if (media) items = items.where('content.id', 'in', (eb) => eb.selectFrom('mediaAssets').select('mediaAssets.contentId').where('mediaAssets.status', '=', media));
  return items;
}

export async function searchContentLibrary(db: Kysely<Database>, audience: LiveAudience, query: AdminContentQuery): Promise<AdminContentPage> {
  const [rows, matching] = await Promise.all([
    withListColumns(filtered(db, query))
      .orderBy('content.createdAt', 'desc')
      .orderBy('content.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered(db, query).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const presented = await presentContentWithMedia(db, audience, rows);
  const items: AdminContentItem[] = presented.map(({ content, media }) => ({
    ...content,
    media: media?.status ?? null,
    mediaError: media?.status === 'failed' ? media.error : null,
  }));
  return { items, total: Number(matching.n), page: query.page, pageSize: query.pageSize };
}
