/**
 * What the media job writes to the database: the item's media row through its states (processing,
 * then ready with every path and size, or failed with the reason), the item's duration, and, for an
 * upload that turned out not to be media, the removal of the item it created.
 */
import type { Database, Db } from '@onair/api/db';

type Kysely = Db['kysely'];
/** The media_assets row (no generated columns, so the table type is the row type). */
type MediaAssetRow = Database['mediaAssets'];

export type ReadyAsset = Omit<MediaAssetRow, 'contentId' | 'status' | 'error' | 'updatedAt'>;

const EMPTY_ASSET: ReadyAsset = {
  hlsPath: null,
  filePath: null,
  fileBytes: null,
  audioPath: null,
  audioMime: null,
  audioBytes: null,
  audioSampleRate: null,
  thumbnailPath: null,
  durationMs: null,
  width: null,
  height: null,
};

export async function findAsset(k: Kysely, contentId: number): Promise<MediaAssetRow | undefined> {
  return k.selectFrom('mediaAssets').selectAll().where('contentId', '=', contentId).executeTakeFirst();
}

/** Processing starts: the row exists and says so (paths kept until the new ones are ready). */
export async function markProcessing(k: Kysely, contentId: number): Promise<void> {
  const now = Date.now();
  await k
    .insertInto('mediaAssets')
    .values({ ...EMPTY_ASSET, contentId, status: 'processing', error: null, updatedAt: now })
    .onConflict((oc) => oc.column('contentId').doUpdateSet({ status: 'processing', error: null, updatedAt: now }))
    .execute();
}

export async function markFailed(k: Kysely, contentId: number, error: string): Promise<void> {
  await k.updateTable('mediaAssets').set({ status: 'failed', error, updatedAt: Date.now() }).where('contentId', '=', contentId).execute();
}

/**
 * Every file is in place: the row points at them and the item carries its real duration. An upload's
 * item becomes published now (it stayed `offline`, out of the live lists and unplayable, meanwhile).
 */
export async function markReady(k: Kysely, contentId: number, asset: ReadyAsset, options: { publish: boolean }): Promise<void> {
  await k.transaction().execute(async (trx) => {
    await trx
      .updateTable('mediaAssets')
      .set({ ...asset, status: 'ready', error: null, updatedAt: Date.now() })
      .where('contentId', '=', contentId)
      .execute();
    const durationSeconds = Math.round((asset.durationMs ?? 0) / 1000);
    await trx
      .updateTable('content')
      .set(options.publish ? { durationSeconds, status: 'published' } : { durationSeconds })
      .where('id', '=', contentId)
      .execute();
  });
}

/** The item an upload created, with its media row and the upload record (both cascade). */
export async function deleteUploadedItem(k: Kysely, contentId: number, uploadId: string): Promise<void> {
  await k.transaction().execute(async (trx) => {
    await trx.deleteFrom('mediaUploads').where('id', '=', uploadId).execute();
    await trx.deleteFrom('content').where('id', '=', contentId).execute();
  });
}
