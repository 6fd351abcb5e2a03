/**
 * The live radio listen URL: one endless MP3 response, as internet-radio players and smart speakers
 * expect (Icecast style). The packager writes the audio as two-second MP3 chunks with a rolling list;
 * this follows the list and sends each new chunk in order. MP3 frames are self-delimiting, so chunks
 * join into one valid stream. Works from any process that can read MEDIA_DIR.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';

const POLL_MS = 400;
/** The station is considered gone when no new chunk appears for this long. */
const STALL_MS = 15_000;
/** Chunks sent at once on connect: a little buffer so playback starts without a gap. */
const START_BACKLOG = 2;

interface ChunkList {
  firstSequence: number;
  files: string[];
  ended: boolean;
}

export function parseChunkList(text: string): ChunkList {
  const lines = text.split('\n').map((l) => l.trim());
  const sequence = lines.find((l) => l.startsWith('#EXT-X-MEDIA-SEQUENCE:'));
  return {
    firstSequence: sequence ? Number(sequence.split(':')[1]) || 0 : 0,
    files: lines.filter((l) => l && !l.startsWith('#')),
    ended: lines.includes('#EXT-X-ENDLIST'),
  };
}

async function readList(dir: string): Promise<ChunkList | null> {
  try {
    return parseChunkList(await readFile(path.join(dir, 'list.m3u8'), 'utf8'));
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function streamListen(request: FastifyRequest, reply: FastifyReply, dir: string) {
  const first = await readList(dir);
  if (!first || first.files.length === 0) {
    return reply.code(404).type('text/plain; charset=utf-8').send('This station is not on air');
  }
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'audio/mpeg',
    'cache-control': 'no-cache, no-store',
    'access-control-allow-origin': '*',
    'icy-name': 'OnAir',
  });
  let closed = false;
  request.raw.on('close', () => (closed = true));
  let next = first.firstSequence + Math.max(0, first.files.length - START_BACKLOG);
  let lastProgress = Date.now();
  try {
    while (!closed) {
      const list = await readList(dir);
      if (!list) break;
      const end = list.firstSequence + list.files.length;
      // A listener that fell behind the rolling list skips ahead rather than waiting for lost chunks.
      if (next < list.firstSequence) next = list.firstSequence;
      while (next < end && !closed) {
        const file = list.files[next - list.firstSequence]!;
        await pipeline(createReadStream(path.join(dir, path.basename(file))), res, { end: false }).catch(() => undefined);
        next += 1;
        lastProgress = Date.now();
      }
      if (list.ended || Date.now() - lastProgress > STALL_MS) break;
      await sleep(POLL_MS);
    }
  } finally {
    if (!res.writableEnded) res.end();
  }
}
