/**
 * The speech-to-text engines on real packaged speech: PocketSphinx on a LibriVox recording from
 * Debian's pocketsphinx-testdata (scored against its reference, so a different recording gives
 * different words), and the OpenAI-compatible engine against a local stub server that checks what
 * it is sent.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuesToVtt, LIBRIVOX_CORPUS, measureCaptionQuality, parsePocketsphinxWords, Pocketsphinx, readCorpus, TranscriptionEngines, wordErrorRate, wordsToCues } from './index.ts';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

function reference(id: string): string {
  const line = readFileSync(path.join(LIBRIVOX, 'transcription'), 'utf8')
    .split('\n')
    .find((l) => l.includes(`(${id})`))!;
  return line.replace(/<\/?s>/g, '').replace(/\(.*\)/, '').trim();
}

describe('word error rate and cues', () => {
  it('counts substitutions, insertions and deletions against the reference words', () => {
    expect(wordErrorRate('he was not an ill man', 'he was not an ill man').rate).toBe(0);
    expect(wordErrorRate('he was not an ill man', 'he was an illness man').errors).toBe(2);
    expect(wordErrorRate('a b c d', 'a x b c d e').errors).toBe(2);
  });

  it('parses word times and writes WebVTT', () => {
    const words = parsePocketsphinxWords('he was\n<s> 0.000 0.060 0.99\nhe 0.210 0.320 0.99\nwas(2) 0.330 0.540 0.99\n[SPEECH] 0.98 1.1 0.5\nman 2.330 2.790 0.9\n</s> 2.8 2.97 1\n');
    expect(words).toEqual([
      { word: 'he', startMs: 210, endMs: 320 },
      { word: 'was', startMs: 330, endMs: 540 },
      { word: 'man', startMs: 2330, endMs: 2790 },
    ]);
    const cues = wordsToCues(words);
    // The 1.8 s pause before "man" starts a second cue.
    expect(cues).toEqual([
      { startMs: 210, endMs: 540, text: 'he was' },
      { startMs: 2330, endMs: 2790, text: 'man' },
    ]);
    expect(cuesToVtt(cues)).toBe('WEBVTT\n\n1\n00:00:00.210 --> 00:00:00.540\nhe was\n\n2\n00:00:02.330 --> 00:00:02.790\nman\n');
  });
});

describe('PocketSphinx (offline, English)', () => {
  it('transcribes a LibriVox recording close to its reference, with cue times inside the audio', async () => {
    const engine = new Pocketsphinx();
    expect(await engine.detect()).not.toBeNull();
    const id = 'sense_and_sensibility_01_austen_64kb-0870';
    const wav = path.join(LIBRIVOX, `${id}.wav`);
    const audioMs = ((readFileSync(wav).length - 44) / 32_000) * 1000;
    const result = await engine.transcribe(wav, 'en');
    expect(result.engine).toBe('pocketsphinx');
    expect(result.cues.length).toBeGreaterThan(0);
    for (const cue of result.cues) {
      expect(cue.startMs).toBeGreaterThanOrEqual(0);
      expect(cue.endMs).toBeLessThanOrEqual(audioMs + 50);
      expect(cue.endMs).toBeGreaterThanOrEqual(cue.startMs);
    }
    const heard = result.cues.map((c) => c.text).join(' ');
    const own = wordErrorRate(reference(id), heard);
    // The model is small; what matters is that it heard this recording and not another one.
    expect(own.rate).toBeLessThan(0.6);
    const other = wordErrorRate(reference('sense_and_sensibility_01_austen_64kb-0920'), heard);
    expect(other.rate).toBeGreaterThan(own.rate + 0.2);
  }, 60_000);
});

describe('measured quality (bench:captions)', () => {
  it('reads the packaged references and scores the engine on them, summing errors over the corpus', async () => {
    const corpus = await readCorpus(LIBRIVOX_CORPUS);
    expect(corpus).toHaveLength(5);
    expect(corpus[1]).toEqual({ id: 'sense_and_sensibility_01_austen_64kb-0880', wav: path.join(LIBRIVOX, 'sense_and_sensibility_01_austen_64kb-0880.wav'), reference: 'he was not an ill disposed young man' });
    const { quality, items } = await measureCaptionQuality(new Pocketsphinx(), corpus.slice(1, 3), LIBRIVOX_CORPUS.name);
    const errors = items.reduce((n, i) => n + i.errors, 0);
    expect(quality.referenceWords).toBe(8 + 14);
    expect(quality.wordErrorRate).toBeCloseTo(errors / 22, 3);
    for (const item of items) expect(item.errors).toBe(wordErrorRate(item.reference, item.hypothesis).errors);
    expect(quality.wordAccuracyPercent).toBeCloseTo(Math.max(0, 100 * (1 - errors / 22)), 1);
    expect(quality.audioSeconds).toBeGreaterThan(5);
    expect(quality.realTimeFactor).toBeGreaterThan(0);
  }, 60_000);
});

describe('OpenAI-compatible server (TRANSCRIBE_URL)', () => {
  let server: Server;
  let url: string;
  const received: { path: string; auth: string | undefined; body: string }[] = [];
  let answer: (body: string) => { status: number; json: unknown } = () => ({ status: 200, json: {} });

  async function bodyOf(req: IncomingMessage): Promise<string> {
    const parts: Buffer[] = [];
    for await (const chunk of req) parts.push(chunk as Buffer);
    return Buffer.concat(parts).toString('latin1');
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      void bodyOf(req).then((body) => {
        received.push({ path: req.url ?? '', auth: req.headers.authorization, body });
        const { status, json } = answer(body);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the WAV as multipart with verbose_json and stores the segments it answers', async () => {
    {
      answer = (body) => ({
        status: 200,
        json: {
          text: 'hola mundo. adiós',
          // Echo the language field, so the test sees it was sent.
          segments: [
            { id: 0, start: 0.5, end: 1.75, text: ` hola mundo (${/name="language"\r\n\r\n(\w+)/.exec(body)?.[1]})` },
            { id: 1, start: 2, end: 3.25, text: ' adiós ' },
          ],
        },
      });
      const engines = new TranscriptionEngines({ transcribeUrl: `${url}/`, transcribeApiKey: 'k3y' });
      const engine = await engines.engineFor('es');
      expect(engine?.name).toBe('openai-compatible');
      const wav = path.join(LIBRIVOX, 'sense_and_sensibility_01_austen_64kb-0880.wav');
      const result = await engine!.transcribe(wav, 'es');
      expect(result.cues).toEqual([
        { startMs: 500, endMs: 1750, text: 'hola mundo (es)' },
        { startMs: 2000, endMs: 3250, text: 'adiós' },
      ]);
      const sent = received.at(-1)!;
      expect(sent.path).toBe('/v1/audio/transcriptions');
      expect(sent.auth).toBe('Bearer k3y');
      expect(sent.body).toContain('name="response_format"\r\n\r\nverbose_json');
      expect(sent.body).toContain('name="model"\r\n\r\nwhisper-1');
      expect(sent.body).toContain('RIFF');

      answer = () => ({ status: 503, json: { error: 'model loading' } });
      await expect(engine!.transcribe(wav, 'es')).rejects.toThrow(/answered 503.*model loading/);
    }
  });

  it('reports which engine serves which language', async () => {
    const offline = await new TranscriptionEngines().report();
    expect(offline.pocketsphinx.installed).toBe(true);
    expect(offline.languages.find((l) => l.code === 'en')?.engine).toBe('pocketsphinx');
    const fr = offline.languages.find((l) => l.code === 'fr')!;
    expect(fr.engine).toBeNull();
    expect(fr.hint).toMatch(/TRANSCRIBE_URL/);

    const withServer = await new TranscriptionEngines({ transcribeUrl: url }).report();
    expect(withServer.server).toEqual({ configured: true, url: `${url}/v1/audio/transcriptions` });
    expect(withServer.languages.every((l) => l.engine === 'openai-compatible')).toBe(true);
  });
});
