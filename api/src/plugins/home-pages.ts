/**
 * The signed-in home page as the build rendered it for each role (home-<role>.html, from
 * scripts/vite-page-snapshots.ts), filled with the username of whoever asks: a returning visitor's
 * first paint needs none of the app's code (issue 14: LCP ≤ 1 s on / signed in).
 *
 * The page names its reader, so it is made per request and compressed then (brotli's quality 5 or gzip:
 * about a millisecond for the page's 60-odd KB), not served from the build's precompressed copies; on
 * zlib's thread pool, not the event loop the API's other requests wait on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PAGE_SNAPSHOTS, ROLES, type Role } from '@onair/protocol/constants';

export interface HomePage {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

export class HomePages {
  private constructor(private readonly pages: ReadonlyMap<Role, readonly string[]>) {}

  /** The build's pages in `webRoot`, or null when the build has none (an older build, or none at all). */
  static load(webRoot: string): HomePages | null {
    const pages = new Map<Role, string[]>();
    for (const role of ROLES) {
      let html: string;
      try {
        html = readFileSync(path.join(webRoot, PAGE_SNAPSHOTS.home(role)), 'utf8');
      } catch {
        return null;
      }
      pages.set(role, html.split(PAGE_SNAPSHOTS.usernameSlot));
    }
    return new HomePages(pages);
  }

  /** The page for this user, compressed as the client's Accept-Encoding allows. */
  async render(user: { username: string; role: Role }, acceptEncoding: string): Promise<HomePage> {
    const html = Buffer.from(this.pages.get(user.role)!.join(escapeHtml(user.username)));
    if (/\bbr\b/.test(acceptEncoding)) return { body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
    if (/\bgzip\b/.test(acceptEncoding)) return { body: await gzipped(html, { level: 6 }), encoding: 'gzip' };
    return { body: html, encoding: null };
  }
}
