/**
 * Cover art upload: the image arrives as base64 in a JSON body and is checked before anything is
 * stored (JPEG or PNG, square, 1400–3000 px, at most 5 MB), then written under MEDIA_DIR.
 */
import { createHash } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { imageSize } from 'image-size';
import { COVER_MAX_BYTES, COVER_MAX_PX, COVER_MIN_PX } from '@onair/protocol';
import { badRequest } from '../../http/errors.ts';

export interface StoredCover {
  coverPath: string;
  coverMime: 'image/jpeg' | 'image/png';
  coverWidth: number;
  coverHeight: number;
}

export function decodeCover(image: string): { bytes: Buffer; mime: 'image/jpeg' | 'image/png'; width: number; height: number } {
  const base64 = image.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest('image: image must be base64');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw badRequest('image: image is empty');
  if (bytes.length > COVER_MAX_BYTES) throw badRequest(`image: image must be at most ${COVER_MAX_BYTES / 1024 / 1024} MB`);
  let size: { type?: string; width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw badRequest('image: image must be a JPEG or PNG file');
  }
  const mime = size.type === 'jpg' ? 'image/jpeg' : size.type === 'png' ? 'image/png' : null;
  if (!mime) throw badRequest(`image: cover art must be JPEG or PNG, not ${size.type ?? 'an unknown format'}`);
  const { width = 0, height = 0 } = size;
  if (width !== height) throw badRequest(`image: cover art must be square, it is ${width}×${height} px`);
  if (width < COVER_MIN_PX || width > COVER_MAX_PX) {
    throw badRequest(`image: cover art must be between ${COVER_MIN_PX}×${COVER_MIN_PX} and ${COVER_MAX_PX}×${COVER_MAX_PX} px, it is ${width}×${height} px`);
  }
  return { bytes, mime, width, height };
}

/** Writes the checked cover beside the show's files and removes the one it replaces. */
export async function storeCover(mediaDir: string, showId: number, image: string, previous: string | null): Promise<StoredCover> {
  const { bytes, mime, width, height } = decodeCover(image);
  const ext = mime === 'image/png' ? 'png' : 'jpg';
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const coverPath = `podcasts/${showId}/cover-${hash}.${ext}`;
  await mkdir(path.join(mediaDir, 'podcasts', String(showId)), { recursive: true });
  await writeFile(path.join(mediaDir, ...coverPath.split('/')), bytes);
  if (previous && previous !== coverPath) await unlink(path.join(mediaDir, ...previous.split('/'))).catch(() => undefined);
  return { coverPath, coverMime: mime, coverWidth: width, coverHeight: height };
}
