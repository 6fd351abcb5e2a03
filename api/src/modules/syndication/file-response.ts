/**
 * Sends a file the way podcast apps and directory crawlers expect: one byte range (206, or 416 when it
 * cannot be satisfied), ETag and Last-Modified with If-None-Match / If-Modified-Since (304) and If-Range.
 */
import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface FileFacts {
  path: string;
  size: number;
  mtimeMs: number;
  mime: string;
}

/** What was asked for: the bytes a GET sends (null for 304, 416 and HEAD). */
export interface ServedRange {
  status: 200 | 206 | 304 | 416;
  start: number;
  end: number;
}

export function fileEtag(file: FileFacts): string {
  return `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
}

/** True when the client's copy is current (If-None-Match wins over If-Modified-Since, RFC 9110). */
export function isNotModified(request: FastifyRequest, etag: string, lastModifiedMs: number): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(lastModifiedMs / 1000) <= Math.floor(since / 1000);
}

/** Parses a single `bytes=` range; null when absent or to be ignored, 'unsatisfiable' when out of the file. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null; // several ranges or garbage: send it all
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** What a request for this file will get, decided before anything is sent (the caller may count it first). */
export function planFile(request: FastifyRequest, file: FileFacts): ServedRange {
  const etag = fileEtag(file);
  if (isNotModified(request, etag, file.mtimeMs)) return { status: 304, start: 0, end: -1 };
  // If-Range: a range only applies when the client's validator still matches; otherwise the whole file.
  const ifRange = request.headers['if-range'];
  const rangeApplies = !ifRange || ifRange === etag || ifRange === new Date(file.mtimeMs).toUTCString();
  const range = rangeApplies ? parseRange(request.headers.range, file.size) : null;
  if (range === 'unsatisfiable') return { status: 416, start: 0, end: -1 };
  return range ? { status: 206, ...range } : { status: 200, start: 0, end: file.size - 1 };
}

export function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileFacts, cacheControl: string, plan = planFile(request, file)): ServedRange {
  reply
    .header('etag', fileEtag(file))
    .header('last-modified', new Date(file.mtimeMs).toUTCString())
    .header('accept-ranges', 'bytes')
    .header('cache-control', cacheControl);
  if (plan.status === 304) {
    void reply.code(304).send();
    return plan;
  }
  if (plan.status === 416) {
    void reply.code(416).header('content-range', `bytes */${file.size}`).send();
    return plan;
  }
  const { start, end } = plan;
  reply.code(plan.status).type(file.mime).header('content-length', String(end - start + 1));
  if (plan.status === 206) reply.header('content-range', `bytes ${start}-${end}/${file.size}`);
  if (request.method === 'HEAD') void reply.send();
  else void reply.send(file.size === 0 ? '' : createReadStream(file.path, { start, end }));
  return plan;
}
