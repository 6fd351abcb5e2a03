/**
 * Transcripts in the browser: a podcast episode of real read speech (LibriVox, Debian's
 * pocketsphinx-testdata) with the transcript PocketSphinx makes of it. The watch page shows the
 * transcript beside the player, a click on a line plays from there, the WebVTT is the player's
 * subtitle track, and transcript search finds a word. The landing page shows no accuracy figure until
 * one is measured, then the measured one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cuesToText, cuesToVtt, LIBRIVOX_CORPUS, measureCaptionQuality, Pocketsphinx, readCorpus } from '../../workers/src/engines/transcription/index.ts';
import type { TranscriptCue } from '@onair/protocol';
import { appForFile, preparedApp } from './app-for-file.ts';
import { chromiumAvailable, signIn } from './harness.ts';

const ready = chromiumAvailable();
const LIBRIVOX = LIBRIVOX_CORPUS.dir;
const IDS = ['sense_and_sensibility_01_austen_64kb-0870', 'sense_and_sensibility_01_austen_64kb-0880'];

describe.skipIf(!ready)('transcripts in the browser', () => {
  let db: Database.Database;
  let contentId: number;
  let cues: TranscriptCue[];

  const app = appForFile(() =>
    preparedApp({ MEDIA_INGEST: 'false' }, async (appDb, dataDir) => {
      db = appDb;
      const mediaDir = path.join(dataDir, 'media');
      // An episode of the demo creator, who may add translated subtitles to it.
      contentId = (
        db.prepare("select c.id from content c join users u on u.id = c.creator_id where u.username = 'creator' and c.type = 'podcast' and c.status = 'published' order by c.id limit 1").get() as { id: number }
      ).id;
      const vod = path.join(mediaDir, 'vod', String(contentId));
      mkdirSync(vod, { recursive: true });
      const wav = path.join(dataDir, 'speech.wav');
      const inputs = IDS.flatMap((id) => ['-i', path.join(LIBRIVOX, `${id}.wav`)]);
      execFileSync('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', '[0][1]concat=n=2:v=0:a=1', wav]);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-c:a', 'libmp3lame', '-b:a', '64k', path.join(vod, 'episode.mp3')]);
      db.prepare(
        "insert into media_assets (content_id, status, audio_path, audio_mime, audio_bytes, duration_ms, updated_at) values (?, 'ready', ?, 'audio/mpeg', ?, 10000, ?) on conflict (content_id) do update set status = 'ready', audio_path = excluded.audio_path, hls_path = null, file_path = null",
      ).run(contentId, `vod/${contentId}/episode.mp3`, statSync(path.join(vod, 'episode.mp3')).size, Date.now());
      // What the transcript job stores, made by the same engine.
      cues = (await new Pocketsphinx().transcribe(wav, 'en')).cues;
      db.prepare("insert into transcripts (content_id, status, language, engine, source_key, job_id, error, vtt, text, updated_at) values (?, 'ready', 'en', 'pocketsphinx', 'e2e', 'e2e', null, ?, ?, ?)").run(
        contentId,
        cuesToVtt(cues),
        cuesToText(cues),
        Date.now(),
      );
      const insert = db.prepare('insert into transcript_cues (content_id, start_ms, end_ms, text) values (?, ?, ?, ?)');
      for (const cue of cues) insert.run(contentId, cue.startMs, cue.endMs, cue.text);
    }),
  );

  it('shows the transcript beside the player, seeks on a click, offers the subtitle track and finds a word', async () => {
    expect(cues.length).toBeGreaterThan(1);
    const { context, page } = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(page, 'viewer', 'viewer123');
    await page.goto(`/watch/${contentId}`);
    await page.getByTestId('player-audio').waitFor();
    await page.getByRole('tab', { name: 'Transcript' }).click();
    const lines = page.getByTestId('transcript-cue');
    await lines.first().waitFor();
    expect(await lines.count()).toBe(cues.length);
    expect(await page.getByTestId('transcript').textContent()).toContain(cues[1]!.text);
    expect(await page.locator('[data-testid="player-audio"] track').getAttribute('src')).toBe(`/api/content/${contentId}/transcript.vtt`);

    const last = cues.at(-1)!;
    await lines.last().click();
    await page.waitForFunction(
      (from) => {
        const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]')!;
        return audio.currentTime >= from - 0.05 && audio.currentTime < from + 3;
      },
      last.startMs / 1000,
      { timeout: 20_000 },
    );

    const word = cues.flatMap((c) => c.text.split(' ')).find((w) => w.length >= 6)!;
    await page.getByLabel('Search transcripts').fill(word);
    const hit = page.getByTestId('transcript-hit').first();
    await hit.waitFor({ timeout: 20_000 });
    expect(await hit.textContent()).toContain(word);
    await context.close();
  });

  it("lets the item's creator add a translated subtitle track", async () => {
    const { context, page } = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(page, 'creator', 'creator123');
    await page.goto(`/watch/${contentId}`);
    await page.getByRole('tab', { name: 'Transcript' }).click();
    await page.getByRole('combobox', { name: 'Translate subtitles into' }).click();
    await page.getByRole('option', { name: 'Spanish' }).click();
    await page.getByRole('button', { name: 'Translate', exact: true }).click();
    await page.getByText('Subtitles ready').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="player-audio"] track[srclang="es"]') !== null, null, { timeout: 20_000 });
    const src = await page.locator('[data-testid="player-audio"] track[srclang="es"]').getAttribute('src');
    const spanish = await page.evaluate(async (url) => (await fetch(url!)).text(), src);
    expect(spanish.startsWith('WEBVTT')).toBe(true);
    expect((spanish.match(/-->/g) ?? []).length).toBe(cues.length);
    await context.close();
  });

  it('shows a caption accuracy on the landing page only once it is measured', async () => {
    const { context, page } = await app.newPerson();
    await page.goto('/landing');
    await page.getByRole('heading', { name: 'Captions while you watch' }).waitFor();
    await page.getByText('Sample caption, as shown under a live match broadcast.').waitFor();
    expect(await page.getByTestId('captions-quality').count()).toBe(0);
    expect(await page.content()).not.toContain('98.7');

    const corpus = await readCorpus(LIBRIVOX_CORPUS);
    const { quality } = await measureCaptionQuality(new Pocketsphinx(), corpus.slice(1, 2), LIBRIVOX_CORPUS.name);
    writeFileSync(path.join(app.server.dataDir, 'captions-quality.json'), JSON.stringify(quality));
    await page.reload();
    await page.getByTestId('captions-quality').waitFor();
    expect(await page.getByTestId('captions-quality').textContent()).toBe(`Captions: ${quality.wordAccuracyPercent} % word accuracy on ${LIBRIVOX_CORPUS.name}, offline engine`);
    await context.close();
  });
});
