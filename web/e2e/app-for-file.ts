import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startApp, type App } from './harness.ts';

/**
 * The app a test file's flows share: started before the first, stopped after the last. A retried test
 * (the e2e project retries once) gets a fresh one, because its first try may have left behind what it
 * created (a poll with the same question, a message already sent, a changed password), which the retry
 * would then meet. `start` is whatever the file needs to stand the app up, its own setup included.
 */
export function appForFile(start: () => Promise<App> = () => startApp()): App {
  let current: App | undefined;
  beforeAll(async () => {
    current = await start();
  });
  beforeEach(async ({ task }) => {
    if ((task.result?.retryCount ?? 0) === 0) return;
    await current?.stop();
    // Should the new start fail, the retry meets "not running" rather than the stopped app.
    current = undefined;
    current = await start();
  });
  afterAll(() => current?.stop());
  const started = () => {
    if (!current) throw new Error('the app of this test file is not running');
    return current;
  };
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get server() {
      return started().server;
    },
    get browser() {
      return started().browser;
    },
    newPerson: (options) => started().newPerson(options),
    stop: () => started().stop(),
  };
}

/**
 * An app (`startApp` with `env`) once `setup` has written what the file's flows need into its database
 * and its folder (`server.dataDir`, whose `media/` is its MEDIA_DIR). The database handle stays open
 * for the flows and closes when the app stops; a setup that fails stops the app at once.
 */
export async function preparedApp(env: Record<string, string>, setup: (db: Database.Database, dataDir: string) => unknown): Promise<App> {
  const app = await startApp(env);
  const db = new Database(path.join(app.server.dataDir, 'onair.db'));
  const prepared: App = {
    ...app,
    stop: async () => {
      db.close();
      await app.stop();
    },
  };
  try {
    await setup(db, app.server.dataDir);
  } catch (error) {
    await prepared.stop();
    throw error;
  }
  return prepared;
}
