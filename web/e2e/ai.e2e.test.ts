import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTENT_LIST_MAX, type AiRecommendation, type Content, type EnginesReport, type User } from '@onair/protocol';
import { appForFile } from './app-for-file.ts';
import { chromiumAvailable, signIn, toast } from './harness.ts';

const ready = chromiumAvailable();

const NEWS = [
  'The city council approved a new budget for public transport on Tuesday after a long debate.',
  'The plan adds forty electric buses and extends two tram lines to the northern suburbs by 2028.',
  'Officials said fares will stay the same for at least two years, despite rising energy costs.',
  'Construction of the tram extension is expected to start next spring and to last three years.',
  'Residents welcomed the plan but asked for more night services and safer bus stops.',
  'The opposition voted against the budget, saying the council had underestimated the cost of the trams.',
].join(' ');

/** Three paragraphs, so the job reports progress part by part. */
const ARTICLE = [
  'The house by the river is big. We play music there every night.',
  'The children read books in the garden. The teacher likes the new school.',
  'The market opens early in the morning. People buy bread, fish and fruit.',
].join('\n\n');

const getJson = <T,>(page: Page, url: string) => page.evaluate((u) => fetch(u).then((r) => r.json()), url) as Promise<T>;

/** Picks an option of a Mantine Select by its label, typing to filter as a keyboard user would. */
async function choose(page: Page, label: string, option: string) {
  const input = page.locator('input:visible').and(page.getByLabel(new RegExp(`^${label}`))).first();
  await input.click();
  if (await input.isEditable()) await input.fill(option.slice(0, 12));
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.skipIf(!ready)('AI features and languages in the browser', () => {
  const app = appForFile();

  it('summarizes a real news paragraph into fewer whole sentences and shows the compression', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(page, 'viewer', 'viewer123');
    await page.goto('/ai');
    await page.getByRole('button', { name: 'Summarize' }).click();
    await toast(page, 'Input Required');

    await page.getByLabel('Text to summarize').fill(NEWS);
    await page.getByRole('button', { name: 'Summarize' }).click();
    await toast(page, 'Summary Generated');
    const card = page.getByTestId('summary-result');
    const summary = (await card.locator('p').nth(1).textContent()) ?? '';
    // Whole sentences of the input, fewer of them than it had.
    const sentences = summary.split(/(?<=\.)\s+/).filter(Boolean);
    expect(sentences.length).toBeGreaterThan(0);
    expect(sentences.length).toBeLessThan(6);
    for (const s of sentences) expect(NEWS).toContain(s);
    const percent = Math.round((1 - summary.length / NEWS.length) * 100);
    await card.getByText(`${percent}% compression`).waitFor();
    await context.close();
  });

  it('shows two demo viewers different recommendations whose reasons come from their own viewing', async () => {
    const lists: AiRecommendation[][] = [];
    for (const [username, password] of [
      ['viewer', 'viewer123'],
      ['listener', 'listener123'],
    ] as const) {
      const { page, context } = await app.newPerson({ tourDoneFor: 'viewer' });
      await signIn(page, username, password);
      await page.goto('/ai');
      await page.getByRole('tab', { name: 'Recommendations' }).click();
      await page.getByTestId('recommendation').first().waitFor({ timeout: 20_000 });
      const list = await getJson<AiRecommendation[]>(page, '/api/ai-recommendations');
      expect(list.length).toBeGreaterThan(0);
      const cards = page.getByTestId('recommendation');
      expect(await cards.count()).toBe(list.length);
      await cards.first().getByText(list[0]!.reason).waitFor();
      await page.getByRole('button', { name: 'Refresh' }).click();
      await toast(page, 'Recommendations Updated');
      lists.push(list);
      await context.close();
    }
    const [a, b] = lists.map((l) => l.map((r) => r.contentId).join(','));
    expect(a).not.toBe(b);
  });

  it("tells a viewer a missing engine or channel is not available here, without the operator's setup instructions", async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(page, 'viewer', 'viewer123');
    await page.goto('/languages');
    await page.getByTestId('language-de').getByText('no engine').waitFor();
    await page.getByTestId('speech-support').waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/TRANSLATE_URL|TRANSCRIBE_URL|apt-get/);
    await page.goto('/interactions');
    await page.getByRole('tab', { name: 'SMS' }).click();
    await page.getByText('SMS is not enabled on this server').waitFor();
    await page.getByText('Ask the people who run OnAir here to turn it on.').first().waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/TWILIO_AUTH_TOKEN|AT_API_KEY/);
    await context.close();
  });

  it('translates an English item into Spanish, French and Portuguese with a moving progress bar, and marks German as missing its engine', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(page, 'creator', 'creator123');
    await page.goto('/languages');
    const engines = await getJson<EnginesReport>(page, '/api/ai/engines');
    const me = await getJson<User>(page, '/api/user');
    const item = (await getJson<Content[]>(page, '/api/content')).find((c) => c.creatorId === me.id && c.language === 'en')!;
    expect(item).toBeDefined();

    // German has no engine here without TRANSLATE_URL: the page says so and how to get one.
    const german = engines.languages.find((l) => l.code === 'de')!;
    expect(german.available).toBe(false);
    await page.getByTestId('language-de').getByText('no engine').waitFor();
    await page.getByTestId('language-de').getByText(german.hint!).waitFor();

    await choose(page, 'Content', `${item.title} (English)`);
    await page.getByRole('button', { name: 'Add Translation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'AI' }).click();
    await dialog.getByLabel('Text').fill(ARTICLE);
    await dialog.locator('input:visible').and(dialog.getByLabel(/^Target language/)).click();
    expect(await page.getByRole('option', { name: 'German (no engine here)' }).getAttribute('data-combobox-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    const available = (code: string) => engines.languages.find((l) => l.code === code)?.available;
    for (const [code, name] of [
      ['es', 'Spanish'],
      ['fr', 'French'],
      ['pt', 'Portuguese'],
    ] as const) {
      if (!available(code)) throw new Error(`${name} needs Apertium here: run npm run setup:system`);
      if (code !== 'es') {
        await page.getByRole('button', { name: 'Add Translation' }).click();
        await dialog.getByRole('tab', { name: 'AI' }).click();
        await dialog.getByLabel('Text').fill(ARTICLE);
      }
      await choose(page, 'Target language', name);
      // Record every percentage the progress bar shows, from the first render on.
      await page.evaluate(() => {
        const seen: number[] = [];
        (window as unknown as { seenProgress: number[] }).seenProgress = seen;
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid="ai-translation-progress"]')?.textContent ?? '';
          const match = /^(\d+)%/.exec(text);
          if (match && Number(match[1]) !== seen.at(-1)) seen.push(Number(match[1]));
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await dialog.getByRole('button', { name: 'Translate' }).click();
      // The toast of the previous language may still be up: wait for this one's own text.
      await toast(page, `“${item.title}” is now available in ${name}.`);
      const seen = await page.evaluate(() => (window as unknown as { seenProgress: number[] }).seenProgress);
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect([...seen].sort((x, y) => x - y)).toEqual(seen);
      const row = page.getByTestId('translations').getByRole('row').filter({ hasText: name });
      await row.getByText('AI', { exact: true }).waitFor();
    }

    const stored = await getJson<{ language: string; aiGenerated: boolean; description: string }[]>(page, `/api/content/${item.id}/translations`);
    const byLanguage = new Map(stored.map((t) => [t.language, t]));
    expect(byLanguage.get('es')?.description).toMatch(/casa/i);
    expect(byLanguage.get('fr')?.description).toMatch(/maison/i);
    expect(byLanguage.get('pt')?.description).toMatch(/casa/i);
    for (const code of ['es', 'fr', 'pt']) expect(byLanguage.get(code)?.aiGenerated).toBe(true);

    // One translation per language: typing a Spanish one by hand is said to replace the AI's first.
    await page.getByRole('button', { name: 'Add Translation' }).click();
    await dialog.getByRole('tab', { name: 'Manual' }).click();
    expect(await dialog.getByTestId('translation-replaces').count()).toBe(0);
    await dialog.locator('input:visible').and(dialog.getByLabel(/^Language/)).fill('Spanish');
    await page.getByRole('option', { name: 'Spanish', exact: true }).click();
    await dialog.getByTestId('translation-replaces').getByText(/already has a Spanish translation \(made by AI\).*replaces it/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The API refuses German with the reason, as the page's alert would show it.
    const refused = await page.evaluate(
      (id) =>
        fetch('/api/translate', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ text: 'Good evening', targetLanguage: 'de', contentId: id }),
        }).then(async (r) => ({ status: r.status, body: await r.text() })),
      item.id,
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatch(/German.*TRANSLATE_URL/);
    await context.close();
  });
  it('lets an admin find an item older than the library’s first page by searching the languages manager and Distribute, and its creator among their own', async () => {
    // An old programme behind a first page of newer items, and behind more newer videos matching its
    // name than one search answers (written straight into the database).
    const database = new Database(path.join(app.server.dataDir, 'onair.db'));
    const creatorId = (database.prepare("select id from users where username = 'creator'").get() as { id: number }).id;
    const now = Date.now();
    const insert = database.prepare("insert into content (creator_id, title, description, type, category, status, duration_seconds, language, created_at) values (?, ?, null, ?, null, 'published', 600, 'en', ?)");
    database.transaction(() => {
      insert.run(creatorId, 'Harbour Lights Archive', 'podcast', now - 400 * 86_400_000);
      // More than a creator's own list holds, too.
      for (let i = 0; i < CONTENT_LIST_MAX + 5; i++) insert.run(creatorId, `Newer filler ${i}`, 'podcast', now - i * 1000);
      for (let i = 0; i < 55; i++) insert.run(creatorId, `Harbour Lights rerun ${i}`, 'tv', now - 300 * 86_400_000 + i);
    })();
    database.close();
    const { page, context } = await app.newPerson({ tourDoneFor: 'admin' });
    await signIn(page, 'admin', 'admin123');
    await page.goto('/languages');
    // The list the picker starts from (kept a second by the server) no longer reaches it.
    await expect.poll(async () => (await getJson<Content[]>(page, '/api/content')).some((c) => c.title === 'Harbour Lights Archive')).toBe(false);
    await page.reload();
    const picker = page.getByRole('combobox', { name: 'Content', exact: true });
    await picker.fill('Harbour Lights Archive');
    await page.getByRole('option', { name: 'Harbour Lights Archive (English)' }).click();
    await page.getByText('No translations yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Add Translation' }).isEnabled()).toBe(true);
    // Typing on keeps the choice.
    await picker.fill('Newer filler 3');
    await page.keyboard.press('Escape');
    await page.getByText('No translations yet.').waitFor();

    // Distribute takes audio only: its search asks for audio, so 55 newer videos do not hide the podcast.
    await page.goto('/podcast-syndication');
    await page.getByRole('tab', { name: 'Distribute Content' }).click();
    const audioPicker = page.locator('input:visible').and(page.getByLabel('Audio content'));
    await audioPicker.click();
    await audioPicker.fill('Harbour Lights');
    await page.getByRole('option', { name: 'Harbour Lights Archive' }).click();
    await page.getByTestId('selected-content').getByText('10:00 · podcast').waitFor();

    // Its creator, whose own list holds their newest CONTENT_LIST_MAX, finds it among their own the same way.
    const creator = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(creator.page, 'creator', 'creator123');
    await creator.page.goto('/languages');
    const own = creator.page.getByRole('combobox', { name: 'Content', exact: true });
    await own.fill('Harbour Lights Archive');
    await creator.page.getByRole('option', { name: 'Harbour Lights Archive (English)' }).click();
    await creator.page.getByText('No translations yet.').waitFor();
    await creator.context.close();
    const cleanup = new Database(path.join(app.server.dataDir, 'onair.db'));
    cleanup.prepare("delete from content where title like 'Harbour Lights %' or title like 'Newer filler %'").run();
    cleanup.close();
    await context.close();
  });
});
