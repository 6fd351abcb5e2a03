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
 * The app after `setup` (the rows and files a file's flows need), whose stop also runs `cleanup` (the
 * folder made for it, a database handle opened on it). A setup that fails stops the app and cleans up
 * at once, so no server outlives its file.
 */
export async function preparedApp(app: App, setup: () => unknown, cleanup: () => void): Promise<App> {
  const prepared: App = {
    ...app,
    stop: async () => {
      try {
        await app.stop();
      } finally {
        cleanup();
      }
    },
  };
  try {
    await setup();
  } catch (error) {
    await prepared.stop();
    throw error;
  }
  return prepared;
}
