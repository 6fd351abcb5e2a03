/**
 * The two outbound requests syndication makes: reading an enclosure the way a directory's crawler
 * does (one byte, to learn the total length), and pinging hub endpoints after a publish.
 */
import type { EnclosureOutcome } from './checks.ts';

/** Our checker's user agent; the download counter treats it as a bot, so checks never count. */
export const CHECKER_USER_AGENT = 'OnAir-SyndicationCheck/1.0 (bot)';

export async function requestEnclosure(url: string, timeoutMs = 10_000): Promise<EnclosureOutcome> {
  try {
    const response = await fetch(url, {
      headers: { Range: 'bytes=0-0', 'User-Agent': CHECKER_USER_AGENT },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'follow',
    });
    await response.body?.cancel();
    const range = response.headers.get('content-range');
    const totalFromRange = range ? Number(/\/(\d+)$/.exec(range)?.[1]) : NaN;
    const length = Number(response.headers.get('content-length'));
    const totalBytes = response.status === 206 ? (Number.isFinite(totalFromRange) ? totalFromRange : null) : Number.isFinite(length) ? length : null;
    return { ok: true, status: response.status, totalBytes, contentType: response.headers.get('content-type') };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { ok: false, error: cause ?? (error instanceof Error ? error.message : String(error)) };
  }
}

/**
 * Tells hub-style endpoints (Podcast Index's pubnotify, WebSub-like hubs) that a feed changed, as
 * `GET {endpoint}?url={feedUrl}`. Answers how many took it; a failing endpoint never fails the job.
 */
export async function pingEndpoints(endpoints: string[], feedUrl: string, timeoutMs = 10_000): Promise<number> {
  const answers = await Promise.all(
    endpoints.map(async (endpoint) => {
      try {
        const target = `${endpoint}${endpoint.includes('?') ? '&' : '?'}url=${encodeURIComponent(feedUrl)}`;
        const response = await fetch(target, { headers: { 'User-Agent': 'OnAir/1.0' }, signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel();
        return response.ok;
      } catch {
        return false;
      }
    }),
  );
  return answers.filter(Boolean).length;
}
