/**
 * Browser-test harness: the built web app, served by the real API entry point (`scripts/api.ts`,
 * started as an operator would) on a free port with a fresh SQLite database and the demo seed, driven
 * by Debian's Chromium through playwright-core (no browser download). Each test file gets its own
 * server; the web build is shared and rebuilt only when web/ changed since the last build.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { STORAGE_KEYS } from '@onair/protocol';
import { startApiProcess } from '../../test-support/processes.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The web build; each test server serves a snapshot of it, with the same files. */
export const WEB_DIST = path.join(REPO_ROOT, 'dist/web');

const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Without Chromium the browser tests are skipped locally; CI must have it. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') throw new Error(`Chromium is required in CI but ${CHROMIUM} does not exist`);
  return false;
}

/** Newest modification time under a folder (the web sources), to know whether the build is stale. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsFresh(): boolean {
  const index = path.join(REPO_ROOT, 'dist/web/index.html');
  if (!existsSync(index)) return false;
  const sources = Math.max(newestMtime(path.join(REPO_ROOT, 'web/src')), statSync(path.join(REPO_ROOT, 'web/index.html')).mtimeMs);
  return statSync(index).mtimeMs >= sources;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds the web app when there is no build or web/src is newer than it. Test files run in separate
 * processes, so a lock directory (mkdir is atomic) makes sure only one of them builds at a time; the
 * others wait and then find the build fresh.
 */
export async function ensureBuilt(): Promise<void> {
  if (buildIsFresh()) return;
  const lock = path.join(REPO_ROOT, 'dist/.web-build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than the longest build belongs to a run that died; take it over.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (Date.now() > deadline || age > 180_000) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      await sleep(500);
    }
  }
  try {
    if (buildIsFresh()) return;
    const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Copies the build next to the test's database, so that a rebuild started elsewhere while this server
 * runs (vite empties dist/web first) cannot pull files from under the pages it serves. A copy taken
 * in the middle of someone's build misses an asset its index.html names; then it is taken again.
 */
async function snapshotBuild(into: string): Promise<string> {
  const source = path.join(REPO_ROOT, 'dist/web');
  const target = path.join(into, 'web');
  for (let attempt = 0; attempt < 20; attempt++) {
    rmSync(target, { recursive: true, force: true });
    try {
      cpSync(source, target, { recursive: true });
      const html = readFileSync(path.join(target, 'index.html'), 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
      if (assets.length > 0 && assets.every((asset) => existsSync(path.join(target, asset)))) return target;
    } catch {
      // Caught the build half-written; wait and copy again.
    }
    await sleep(500);
    await ensureBuilt();
  }
  throw new Error('could not take a complete copy of dist/web');
}

export interface Server {
  baseUrl: string;
  /** The server's own folder, removed when it stops: its DATA_DIR, with `onair.db` and `media/`. */
  dataDir: string;
  /** Everything the API printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `node --import tsx scripts/api.ts` on a free port with a fresh database and demo data. */
export async function startServer(env: Record<string, string> = {}, timeoutMs = 180_000): Promise<Server> {
  await ensureBuilt();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-e2e-'));
  const webDist = await snapshotBuild(dir);
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    const api = await startApiProcess(
      {
        DATABASE_URL: path.join(dir, 'onair.db'),
        DATA_DIR: dir,
        MEDIA_DIR: path.join(dir, 'media'),
        SEED_DEMO: 'true',
        // The flows pick items by what the seed wrote; the demo clips would add ffmpeg work to every start.
        SEED_DEMO_MEDIA: 'false',
        WEB_DIST: webDist,
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
        ...env,
      },
      timeoutMs,
    );
    return {
      baseUrl: api.url,
      dataDir: dir,
      output: api.output,
      stop: async () => {
        await api.stop();
        removeDir();
      },
    };
  } catch (error) {
    removeDir();
    throw error;
  }
}

/** Headless Debian Chromium; every launch gets a fresh temporary profile from Playwright. */
export function newBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export type UserType = 'admin' | 'creator' | 'viewer';

export interface App {
  baseUrl: string;
  server: Server;
  browser: Browser;
  /** A fresh browser context (cookies, storage): another person on another machine. */
  newPerson(options?: {
    tourDoneFor?: UserType;
    viewport?: { width: number; height: number };
    /** 'block' keeps the service worker out, so a later visit is not served from its cache. */
    serviceWorkers?: 'allow' | 'block';
  }): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

/** The API serving the built app, plus one browser to open people in. */
export async function startApp(env: Record<string, string> = {}): Promise<App> {
  const server = await startServer(env);
  const browser = await newBrowser().catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  return {
    baseUrl: server.baseUrl,
    server,
    browser,
    async newPerson({ tourDoneFor, viewport = { width: 1400, height: 900 }, serviceWorkers = 'allow' } = {}) {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport, serviceWorkers });
      if (tourDoneFor) {
        // As if this person finished the tour for that role on an earlier visit.
        await context.addInitScript(
          ({ keys, role }) => {
            localStorage.setItem(keys.onboardingCompleted, 'true');
            localStorage.setItem(keys.onboardingType, role);
            localStorage.setItem(keys.visitCount, '5');
          },
          { keys: STORAGE_KEYS, role: tourDoneFor },
        );
      }
      return { context, page: await context.newPage() };
    },
    async stop() {
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

/** Signs in through the sign-in form, as a person would, and waits for the shell. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  // The header's status slot shows at every screen width (Logout moves into the menu on phones); the
  // app's own, in its root: a page the build rendered ahead has one in its snapshot from the start.
  await page.locator('#root [data-slot="header-status"]').waitFor();
}

/** Waits for a toast (or any text) to show, exactly as written. */
export function toast(page: Page, text: string, timeoutMs = 20_000) {
  return page.getByText(text, { exact: true }).first().waitFor({ timeout: timeoutMs });
}

/** Waits until the shell's connection indicator says the socket is connected. */
export function connected(page: Page) {
  return page.getByTestId('connection-indicator').and(page.locator('[data-status="connected"]')).waitFor({ timeout: 15_000 });
}

/**
 * Sets a Mantine switch (found by its role and name) as a person does: by clicking its visible track,
 * with Playwright's checks that the track is steady and receives the click. The input itself is
 * visually hidden, and a forced click on it skips those checks: on a busy machine it could land on
 * whatever the settling layout had moved there.
 */
/** Mantine's Select: open it by its label, then pick the option. */
export async function chooseOption(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

export async function setSwitch(input: Locator, checked: boolean) {
  if ((await input.isChecked()) !== checked) await input.locator('xpath=following-sibling::*[1]').click();
  await input.page().waitForFunction(([element, wanted]) => (element as HTMLInputElement).checked === wanted, [await input.elementHandle(), checked] as const);
}

/** Every script (or stylesheet) the page fetches from now on, as its requests finish. */
export function recordRequests(page: Page, resourceType: 'script' | 'stylesheet' = 'script'): Request[] {
  const requests: Request[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === resourceType) requests.push(request);
  });
  return requests;
}

/** The built files at these URL paths, gzipped, in bytes: the measure the first-page budget is written in. */
export function gzippedSize(urlPaths: string[]): number {
  return urlPaths.reduce((sum, urlPath) => sum + gzipSync(readFileSync(path.join(WEB_DIST, urlPath))).length, 0);
}

/** Waits until the media element has played past `seconds` (time really advances) with a frame to show. */
export async function playsPast(page: Page, selector: string, seconds: number, timeoutMs = 30_000) {
  await page.waitForFunction(
    ({ selector, seconds }) => {
      const media = document.querySelector<HTMLMediaElement>(selector);
      return media !== null && media.currentTime > seconds && media.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA;
    },
    { selector, seconds },
    { timeout: timeoutMs },
  );
}

/**
 * The video's current frame drawn to a small canvas: how many distinct colours it has (a test pattern
 * has many, a black or flat frame one or two) and the picture's size.
 */
export async function drawnFrame(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const media = document.querySelector<HTMLVideoElement>(selector)!;
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 36;
    const context = canvas.getContext('2d')!;
    context.drawImage(media, 0, 0, canvas.width, canvas.height);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4) seen.add((data[i]! >> 4) * 256 + (data[i + 1]! >> 4) * 16 + (data[i + 2]! >> 4));
    return { distinct: seen.size, width: media.videoWidth, height: media.videoHeight };
  }, selector);
}
