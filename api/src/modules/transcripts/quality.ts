/**
 * The measured caption quality: `npm run bench:captions` writes `captions-quality.json` into
 * DATA_DIR; the AI page and the landing page show it. No file (or a file that does not parse) means
 * no figure, and the pages say nothing about accuracy.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CaptionsQualitySchema, type CaptionsQuality } from '@onair/protocol';

export const CAPTIONS_QUALITY_FILE = 'captions-quality.json';

export function captionsQualityPath(dataDir: string): string {
  return path.join(dataDir, CAPTIONS_QUALITY_FILE);
}

export async function readCaptionsQuality(dataDir: string): Promise<CaptionsQuality | null> {
  const text = await readFile(captionsQualityPath(dataDir), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const parsed = CaptionsQualitySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function writeCaptionsQuality(dataDir: string, quality: CaptionsQuality): Promise<void> {
  await writeFile(captionsQualityPath(dataDir), JSON.stringify(CaptionsQualitySchema.parse(quality), null, 2) + '\n');
}
