/**
 * Browser-test harness: the built web app served by the real API entry point on a free port with a
 * fresh database and demo data, driven by Debian's Chromium through playwright-core (no browser is
 * downloaded). Each test file gets its own server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT, startApiProcess, type ApiProcess } from '../../api/test/support/processes.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') throw new Error(`Chromium is required in CI but ${CHROMIUM} does not exist`);
  return false;
}

/** Builds the web app once when no build exists (CI builds before testing). */
function ensureBuilt() {
  if (existsSync(path.join(REPO_ROOT, 'dist/web/index.html'))) return;
  const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');
}

export interface App {
  baseUrl: string;
  api: ApiProcess;
  browser: Browser;
  /** A fresh browser profile (cookies, storage), like another person on another machine. */
  newPerson(options?: { tourDoneFor?: 'admin' | 'creator' | 'viewer' }): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

export async function startApp(env: Record<string, string> = {}): Promise<App> {
  ensureBuilt();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-e2e-'));
  const api = await startApiProcess({
    DATABASE_URL: path.join(dir, 'onair.db'),
    DATA_DIR: dir,
    SEED_DEMO: 'true',
    WEB_DIST: path.join(REPO_ROOT, 'dist/web'),
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
    ...env,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    baseUrl: api.url,
    api,
    browser,
    async newPerson({ tourDoneFor } = {}) {
      const context = await browser.newContext({ baseURL: api.url, viewport: { width: 1400, height: 900 } });
      if (tourDoneFor) {
        // As if this person finished the tour for that role on an earlier visit.
        await context.addInitScript((role) => {
          localStorage.setItem('onair-onboarding-completed', 'true');
          localStorage.setItem('onair-onboarding-type', role);
          localStorage.setItem('onair-visit-count', '5');
        }, tourDoneFor);
      }
      return { context, page: await context.newPage() };
    },
    async stop() {
      await browser.close();
      await api.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}
