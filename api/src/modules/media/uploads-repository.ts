/**
 * media_uploads rows: a resumable upload's declared size, how many bytes have arrived, the item it
 * became and its media job. `receivedBytes` only moves forward by compare-and-set, so two requests
 * racing for the same offset cannot both count their chunk.
 */
import type { Kysely } from 'kysely';
import type { Upload, UploadCreateRequestSchema } from '@onair/protocol';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { MediaAssetRow, MediaUploadRow } from '../../db/schema-media.ts';

export type UploadMeta = z.output<typeof UploadCreateRequestSchema>;

export function presentUpload(row: MediaUploadRow): Upload {
  return {
    uploadId: row.id,
    contentId: row.contentId,
    filename: row.filename,
    sizeBytes: Number(row.sizeBytes),
    receivedBytes: Number(row.receivedBytes),
    jobId: row.jobId,
  };
}

export async function insertUpload(db: Kysely<Database>, id: string, creatorId: number, meta: UploadMeta): Promise<MediaUploadRow> {
  const now = Date.now();
  const row: MediaUploadRow = {
    id,
    creatorId,
    contentId: null,
    filename: meta.filename,
    sizeBytes: meta.sizeBytes,
    receivedBytes: 0,
    meta: JSON.stringify(meta),
    jobId: null,
    createdAt: now,
    updatedAt: now,
  };
  await db.insertInto('mediaUploads').values(row).execute();
  return row;
}

/** The creator's own upload, or undefined (someone else's upload is as good as missing). */
export async function findOwnUpload(db: Kysely<Database>, id: string, creatorId: number): Promise<MediaUploadRow | undefined> {
  return db.selectFrom('mediaUploads').selectAll().where('id', '=', id).where('creatorId', '=', creatorId).executeTakeFirst();
}

/** Moves the offset from `from` to `to`; false when another request moved it first. */
export async function advanceUpload(db: Kysely<Database>, id: string, from: number, to: number): Promise<boolean> {
  const result = await db
    .updateTable('mediaUploads')
    .set({ receivedBytes: to, updatedAt: Date.now() })
    .where('id', '=', id)
    .where('receivedBytes', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Every byte is in: the content item (kept `offline`, so it is in no live list and has no playback
 * until the job publishes it), its media row in `processing`, and the upload pointing at it, in one
 * transaction. Answers the item's id; a second call finds the first one's item.
 */
/** The media row of an item whose file waits for the media job: processing, nothing made yet. */
export function processingAsset(contentId: number, now: number): MediaAssetRow {
  return {
    contentId, status: 'processing', error: null, hlsPath: null, filePath: null, fileBytes: null, audioPath: null, audioMime: null,
    audioBytes: null, audioSampleRate: null, thumbnailPath: null, durationMs: null, width: null, height: null, updatedAt: now,
  };
}

export async function createUploadedItem(db: Kysely<Database>, upload: MediaUploadRow): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('mediaUploads').select('contentId').where('id', '=', upload.id).executeTakeFirstOrThrow();
    if (current.contentId !== null) return current.contentId;
    const meta = JSON.parse(upload.meta) as UploadMeta;
    const now = Date.now();
    const content = await trx
      .insertInto('content')
      .values({
        creatorId: upload.creatorId,
        title: meta.title,
        description: meta.description || null,
        type: meta.type,
        category: meta.category || null,
        status: 'offline',
        durationSeconds: 0,
        language: meta.language,
        createdAt: now,
        liveSince: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('mediaAssets').values(processingAsset(content.id, now)).execute();
    await trx.updateTable('mediaUploads').set({ contentId: content.id, updatedAt: now }).where('id', '=', upload.id).execute();
    return content.id;
  });
}

export async function setUploadJob(db: Kysely<Database>, id: string, jobId: string): Promise<void> {
  await db.updateTable('mediaUploads').set({ jobId, updatedAt: Date.now() }).where('id', '=', id).execute();
}
