import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranslationSchema, TranslationJobResultSchema } from '@onair/protocol';
import { createJobHandler, TranslationEngines } from '../../../test/support/jobs.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { apertiumInstalled, startFakeLibreTranslate, type FakeLibreTranslate } from '../../../../test-support/engines.ts';
import type { JobEvent } from '../../jobs/types.ts';
import { translationPerLanguage } from '../../db/migrations/0021_translation_per_language.ts';

const dialects = await testDialects();
const hasApertium = apertiumInstalled();

async function ids(t: TestApp) {
  const k = t.database.db.kysely;
  const users = Object.fromEntries((await k.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
  const own = await k.selectFrom('content').select(['id', 'title']).where('creatorId', '=', users.creator!).orderBy('id').executeTakeFirstOrThrow();
  const other = await k.selectFrom('content').select('id').where('creatorId', '!=', users.creator!).orderBy('id').executeTakeFirstOrThrow();
  return { users, own, other: other.id };
}

describe.each(dialects)('translations on %s', (dialect) => {
  let t: TestApp;
  let creator: string;
  let viewer: string;
  let admin: string;
  let own: { id: number; title: string };
  let other: number;
  let creatorId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [creator, viewer, admin] = await Promise.all([signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'admin', 'admin123')]);
    const found = await ids(t);
    own = found.own;
    other = found.other;
    creatorId = found.users.creator!;
  });
  afterAll(() => t.close());

  const post = (id: number, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/api/content/${id}/translations`, payload, ...(cookie ? { headers: { cookie } } : {}) });

  it('stores a manual translation by the creator and shows it to anyone, signed in or not', async () => {
    const created = await post(own.id, { language: 'Spanish', title: '  Noche de jazz ', description: 'Un programa en vivo', aiGenerated: false }, creator);
    expect(created.statusCode).toBe(201);
    const translation = TranslationSchema.parse(created.json());
    expect(translation).toMatchObject({ contentId: own.id, language: 'es', title: 'Noche de jazz', description: 'Un programa en vivo', aiGenerated: false });
    const list = await t.app.inject({ method: 'GET', url: `/api/content/${own.id}/translations` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(translation);
    expect((await t.app.inject({ method: 'GET', url: '/api/content/999999/translations' })).statusCode).toBe(404);
  });

  it('replaces a language the item already has instead of adding a second row, also when requests race', async () => {
    const listed = async () => ((await t.app.inject({ method: 'GET', url: `/api/content/${own.id}/translations` })).json() as { id: number; language: string; title: string }[]).filter((r) => r.language === 'it');
    const first = await post(own.id, { language: 'it', title: 'Serata jazz', description: 'Dal vivo' }, creator);
    expect(first.statusCode).toBe(201);
    const again = await post(own.id, { language: 'Italian', title: 'Notte di jazz' }, creator);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: first.json().id, language: 'it', title: 'Notte di jazz', description: null, aiGenerated: false });
    expect(await listed()).toEqual([expect.objectContaining({ id: first.json().id, title: 'Notte di jazz' })]);

    const racing = await Promise.all(['uno', 'due', 'tre', 'quattro'].map((n) => post(own.id, { language: 'it', title: `Jazz ${n}` }, creator)));
    expect(racing.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await listed()).toHaveLength(1);
  });

  it('keeps the last written row of a language when the migration meets duplicates', async () => {
    const k = t.database.db.kysely;
    const migration = translationPerLanguage();
    await migration.down(k);
    const row = { contentId: own.id, language: 'ko', description: null, aiGenerated: 0, jobId: null, engine: null, createdBy: creatorId, createdAt: Date.now() };
    await k.insertInto('translations').values({ ...row, title: 'Old' }).execute();
    await k.insertInto('translations').values({ ...row, title: 'New' }).execute();
    await migration.up(k);
    expect(await k.selectFrom('translations').select('title').where('contentId', '=', own.id).where('language', '=', 'ko').execute()).toEqual([{ title: 'New' }]);
    await expect(k.insertInto('translations').values({ ...row, title: 'Third' }).execute()).rejects.toThrow();
  });

  it('validates manual translations: language and title required, a supported language, no aiGenerated flag', async () => {
    const cases: [object, RegExp][] = [
      [{ title: 'x' }, /^language is required/],
      [{ language: 'Klingon', title: 'x' }, /^language: "Klingon" is not one of the supported languages/],
      [{ language: 'fr' }, /^title is required/],
      [{ language: 'fr', title: '   ' }, /^title is required/],
      [{ language: 'fr', title: 'x', aiGenerated: true }, /^aiGenerated: AI translations are stored by the translation job/],
    ];
    for (const [payload, message] of cases) {
      const r = await post(own.id, payload, creator);
      expect(r.statusCode).toBe(400);
      expect(r.body).toMatch(message);
    }
    // Not into the content's own language (the demo's items are in English), by code or by name; nothing stored.
    const before = (await t.app.inject({ method: 'GET', url: `/api/content/${own.id}/translations` })).json() as unknown[];
    for (const language of ['en', 'English']) {
      const r = await post(own.id, { language, title: 'Jazz night' }, creator);
      expect(r.statusCode).toBe(400);
      expect(r.body).toBe('language: the content is already in English');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/content/${own.id}/translations` })).json()).toHaveLength(before.length);
  });

  it("lets only the content's creator or an admin add translations", async () => {
    expect((await post(own.id, { language: 'fr', title: 'x' })).statusCode).toBe(401);
    expect((await post(own.id, { language: 'fr', title: 'x' }, viewer)).statusCode).toBe(403);
    expect((await post(other, { language: 'fr', title: 'x' }, creator)).statusCode).toBe(403);
    expect((await post(other, { language: 'fr', title: 'Par l’admin' }, admin)).statusCode).toBe(201);
    expect((await post(999999, { language: 'fr', title: 'x' }, admin)).statusCode).toBe(404);
    const translate = await t.app.inject({ method: 'POST', url: '/api/translate', headers: { cookie: viewer }, payload: { text: 'Hello', targetLanguage: 'es', contentId: own.id } });
    expect(translate.statusCode).toBe(403);
  });

  it('refuses a pair no engine covers with 422 naming the languages and the missing engine, queueing nothing', async () => {
    const events: JobEvent[] = [];
    const off = t.app.jobs.onEvent((e) => events.push(e));
    const r = await t.app.inject({ method: 'POST', url: '/api/translate', headers: { cookie: creator }, payload: { text: 'Good evening', targetLanguage: 'German', contentId: own.id } });
    off();
    expect(r.statusCode).toBe(422);
    expect(r.body).toMatch(/English into German.*TRANSLATE_URL to a LibreTranslate server/);
    expect(events).toEqual([]);
    const bad = await t.app.inject({ method: 'POST', url: '/api/translate', headers: { cookie: creator }, payload: { text: 'x', targetLanguage: 'English', contentId: own.id } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^targetLanguage: the content is already in English/);
    const missing = await t.app.inject({ method: 'POST', url: '/api/translate', headers: { cookie: creator }, payload: { text: 'x', targetLanguage: 'es' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toMatch(/^contentId/);
  });

  it.runIf(hasApertium)('translates into Spanish, French and Portuguese with Apertium as jobs, with progress for the creator', async () => {
    for (const [target, route] of [['es', ['en', 'es']], ['fr', ['en', 'es', 'fr']], ['pt', ['en', 'es', 'pt']]] as const) {
      const events: JobEvent[] = [];
      const off = t.app.jobs.onEvent((e) => events.push(e));
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/api/translate',
        headers: { cookie: creator },
        payload: { text: 'The house is big.\n\nWe play music every night.', targetLanguage: target, contentId: own.id },
      });
      expect(accepted.statusCode).toBe(202);
      expect(accepted.json()).toMatchObject({ contentId: own.id, targetLanguage: target, engine: 'apertium', route });
      const { jobId } = accepted.json() as { jobId: string };
      const result = TranslationJobResultSchema.parse(await t.app.jobs.waitForResult(jobId, 20_000));
      off();
      expect(result).toMatchObject({ language: target, engine: 'apertium', route });
      expect(result.description).toMatch(target === 'es' ? /La casa es grande/ : target === 'fr' ? /maison/i : /casa é grande/i);
      expect(result.description).toContain('\n\n');
      const mine = events.filter((e) => e.jobId === jobId);
      expect(mine.every((e) => e.userId === creatorId)).toBe(true);
      const progress = mine.filter((e) => e.type === 'progress').map((e) => e.progress!);
      expect(progress.length).toBeGreaterThanOrEqual(3);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
      expect(mine.at(-1)?.type).toBe('done');
      const list = (await t.app.inject({ method: 'GET', url: `/api/content/${own.id}/translations` })).json() as { id: number; aiGenerated: boolean; language: string }[];
      expect(list).toContainEqual(expect.objectContaining({ id: result.translationId, language: target, aiGenerated: true, title: result.title }));
    }
  });

  it.runIf(hasApertium)('writes one row when a translation job runs again with the same id (a retry after a crash)', async () => {
    const handler = createJobHandler({ db: t.database.db, engines: { translation: new TranslationEngines() } });
    const run = { jobId: 'translation-retry-test', userId: creatorId, attempt: 1, progress: async () => undefined };
    const payload = { contentId: own.id, text: 'Good night.', sourceLanguage: 'en', targetLanguage: 'es' };
    const first = TranslationJobResultSchema.parse(await handler('translation', payload, run));
    const second = TranslationJobResultSchema.parse(await handler('translation', payload, { ...run, attempt: 2 }));
    expect(second.translationId).toBe(first.translationId);
    const rows = await t.database.db.kysely.selectFrom('translations').select('id').where('jobId', '=', 'translation-retry-test').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('translations through a LibreTranslate-compatible server', () => {
  let t: TestApp;
  let server: FakeLibreTranslate;
  let creator: string;
  beforeAll(async () => {
    server = await startFakeLibreTranslate(['en', 'es', 'de', 'ja']);
    t = await createTestApp('sqlite', { env: { TRANSLATE_URL: server.url } });
    creator = await signIn(t.app, 'creator', 'creator123');
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('sends German to the HTTP engine and stores its answer as an AI translation', async () => {
    const { own } = await ids(t);
    const accepted = await t.app.inject({ method: 'POST', url: '/api/translate', headers: { cookie: creator }, payload: { text: 'Good evening, Accra.', targetLanguage: 'de', contentId: own.id } });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toMatchObject({ engine: 'libretranslate', route: ['en', 'de'] });
    const result = TranslationJobResultSchema.parse(await t.app.jobs.waitForResult((accepted.json() as { jobId: string }).jobId, 10_000));
    expect(result).toMatchObject({ title: `[de] ${own.title}`, description: '[de] Good evening, Accra.', engine: 'libretranslate' });
    expect(server.requests).toContainEqual({ q: 'Good evening, Accra.', source: 'en', target: 'de', format: 'text' });
    const korean = await t.app.inject({ method: 'POST', url: '/api/translate', headers: { cookie: creator }, payload: { text: 'x', targetLanguage: 'ko', contentId: own.id } });
    expect(korean.statusCode).toBe(422);
    expect(korean.body).toMatch(/English into Korean: the LibreTranslate server at .* does not offer Korean/);
  });
});
