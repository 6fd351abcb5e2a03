/**
 * The bytes of an upload on disk: `uploads/<id>.part` in MEDIA_DIR. A chunk is streamed from the
 * request into the file at its offset (never held in memory), refused as soon as it would go past
 * the declared size, and on any failure the file is cut back to the last confirmed offset so the
 * client resumes from a known point.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, truncate } from 'node:fs/promises';
import path from 'node:path';
import { uploadPartFile } from './item-files.ts';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';


/** An empty part file, so chunks can be written at their offsets. */
export async function createPartFile(mediaDir: string, uploadId: string): Promise<void> {
  await mkdir(path.dirname(uploadPartFile(mediaDir, uploadId)), { recursive: true });
  const handle = await open(uploadPartFile(mediaDir, uploadId), 'w');
  await handle.close();
}

export async function removePartFile(mediaDir: string, uploadId: string): Promise<void> {
  await rm(uploadPartFile(mediaDir, uploadId), { force: true });
}

export class ChunkTooLargeError extends Error {
  constructor() {
    super('This chunk goes past the size declared when the upload began');
    this.name = 'ChunkTooLargeError';
  }
}

/**
 * Writes `body` at `offset`; answers how many bytes arrived. Throws ChunkTooLargeError when the bytes
 * would pass `sizeBytes`, or the stream's error when the client went away mid-chunk.
 */
export async function writeChunk(file: string, body: Readable, offset: number, sizeBytes: number): Promise<number> {
  let received = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (offset + received > sizeBytes) callback(new ChunkTooLargeError());
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(body, guard, createWriteStream(file, { flags: 'r+', start: offset }));
  } catch (error) {
    await truncate(file, offset).catch(() => undefined);
    throw error;
  }
  // Bytes past the new end (from an interrupted chunk) are not part of the file.
  await truncate(file, offset + received);
  return received;
}
