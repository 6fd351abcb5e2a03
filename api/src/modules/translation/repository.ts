import type { Kysely } from 'kysely';
import type { Translation } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { UserRow } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';

export interface ContentForTranslation {
  id: number;
  title: string;
  description: string | null;
  creatorId: number | null;
  language: string;
}

export async function contentOr404(db: Kysely<Database>, id: number, field = 'id'): Promise<ContentForTranslation> {
  const row = await db.selectFrom('content').select(['id', 'title', 'description', 'creatorId', 'language']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`${field}: no content with that id`);
  return row;
}

/** Translations are added by the content's creator or an admin. */
export function assertCanTranslate(user: UserRow, content: ContentForTranslation) {
  if (user.role !== 'admin' && content.creatorId !== user.id) {
    throw forbidden('Only the creator of this content or an admin can add translations');
  }
}

type Row = { id: number; contentId: number; language: string; title: string; description: string | null; aiGenerated: number; createdAt: number };

export function presentTranslation(row: Row): Translation {
  return {
    id: row.id,
    contentId: row.contentId,
    language: row.language,
    title: row.title,
    description: row.description,
    aiGenerated: row.aiGenerated === 1,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export async function listTranslations(db: Kysely<Database>, contentId: number): Promise<Translation[]> {
  const rows = await db
    .selectFrom('translations')
    .select(['id', 'contentId', 'language', 'title', 'description', 'aiGenerated', 'createdAt'])
    .where('contentId', '=', contentId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(presentTranslation);
}

/**
 * Stores a hand-typed translation. A language the item already has is replaced (the client then lists
 * the new text in place of the old); the unique index makes two requests at once end with one row.
 */
export async function saveManualTranslation(
  db: Kysely<Database>,
  values: { contentId: number; language: string; title: string; description: string | null; createdBy: number },
): Promise<Translation> {
  const { contentId, language, ...rest } = values;
  const replacing = { ...rest, aiGenerated: 0, jobId: null, engine: null, createdAt: Date.now() };
  const row = await db
    .insertInto('translations')
    .values({ contentId, language, ...replacing })
    .onConflict((oc) => oc.columns(['contentId', 'language']).doUpdateSet(replacing))
    .returning(['id', 'contentId', 'language', 'title', 'description', 'aiGenerated', 'createdAt'])
    .executeTakeFirstOrThrow();
  return presentTranslation(row);
}
