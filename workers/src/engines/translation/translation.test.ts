import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apertiumInstalled, startFakeLibreTranslate, type FakeLibreTranslate } from '../../../../test-support/engines.ts';
import { Apertium, ApertiumError, parseMode } from './apertium.ts';
import { ApertiumPipeline, fromStream, toStream } from './apertium-pipeline.ts';
import { TranslationEngines } from './index.ts';
import { missingEngineMessage, planTranslation, type Capabilities } from './planner.ts';

const mode = (m: string, source: string, target: string, working = true) =>
  ({ mode: m, source, target, working, problem: working ? null : 'cg-proc: command not found' }) as NonNullable<Capabilities['apertium']>[number];
const DEBIAN_PAIRS: Capabilities = {
  apertium: [
    mode('eng-spa', 'en', 'es'),
    mode('spa-eng', 'es', 'en'),
    mode('es-fr', 'es', 'fr'),
    mode('fr-es', 'fr', 'es'),
    mode('es-pt', 'es', 'pt'),
    mode('pt-es', 'pt', 'es'),
    mode('spa-ita', 'es', 'it'),
    mode('ita-spa', 'it', 'es', false),
  ],
  libreTranslate: null,
};

describe('Apertium modes', () => {
  it('reads ISO 639-1 and 639-3 names and skips variants', () => {
    expect(parseMode('eng-spa')).toEqual({ source: 'en', target: 'es' });
    expect(parseMode('es-fr')).toEqual({ source: 'es', target: 'fr' });
    expect(parseMode('spa-eng_US')).toBeUndefined();
    expect(parseMode('eco-es-fr')).toBeUndefined();
    expect(parseMode('cat-spa')).toBeUndefined();
  });
});

describe('translation planner', () => {
  it('goes direct for en↔es and through Spanish for French, Portuguese and Italian', () => {
    expect(planTranslation('en', 'es', DEBIAN_PAIRS)?.route).toEqual(['en', 'es']);
    expect(planTranslation('en', 'fr', DEBIAN_PAIRS)?.route).toEqual(['en', 'es', 'fr']);
    expect(planTranslation('pt', 'en', DEBIAN_PAIRS)?.steps.map((s) => s.mode)).toEqual(['pt-es', 'spa-eng']);
    expect(planTranslation('en', 'it', DEBIAN_PAIRS)?.route).toEqual(['en', 'es', 'it']);
  });

  it('does not plan through a broken mode and says what is missing', () => {
    expect(planTranslation('it', 'en', DEBIAN_PAIRS)).toBeNull();
    expect(missingEngineMessage('it', 'en', DEBIAN_PAIRS)).toMatch(/Italian into English.*ita-spa.*cg-proc/);
    expect(planTranslation('en', 'de', DEBIAN_PAIRS)).toBeNull();
    expect(missingEngineMessage('en', 'de', DEBIAN_PAIRS)).toMatch(/English into German.*TRANSLATE_URL.*LibreTranslate/);
  });

  it('sends the other languages to LibreTranslate when it offers them, Apertium first otherwise', () => {
    const caps: Capabilities = { ...DEBIAN_PAIRS, libreTranslate: { url: 'http://lt', languages: ['en', 'de', 'es', 'zh-Hans'], reachable: true } };
    expect(planTranslation('en', 'de', caps)?.engine).toBe('libretranslate');
    expect(planTranslation('en', 'zh', caps)?.engine).toBe('libretranslate');
    expect(planTranslation('en', 'es', caps)?.engine).toBe('apertium');
    expect(planTranslation('en', 'ko', caps)).toBeNull();
    expect(missingEngineMessage('en', 'ko', caps)).toMatch(/LibreTranslate server at http:\/\/lt does not offer Korean/);
  });
});

describe('Apertium engine, a broken pipeline', () => {
  // A stand-in binary behaving like `apertium ita-spa` without cg3: exit 0, nothing on stdout.
  let bin: string;
  beforeAll(() => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-apertium-'));
    bin = path.join(dir, 'apertium');
    writeFileSync(
      bin,
      '#!/bin/sh\nif [ "$1" = "-l" ]; then printf "eng-spa\\nita-spa\\n"; exit 0; fi\n' +
        'if [ "$2" = "ita-spa" ]; then echo "/dev/fd/63: line 1: cg-proc: command not found" >&2; exit 0; fi\n' +
        'sed "s/house/casa/" "$3"\n',
    );
    chmodSync(bin, 0o755);
  });

  it('reports a mode that prints nothing as not working, with the cause and the package to install', async () => {
    const modes = await new Apertium(bin).detect();
    expect(modes).toEqual([
      { mode: 'eng-spa', source: 'en', target: 'es', working: true, problem: null },
      { mode: 'ita-spa', source: 'it', target: 'es', working: false, problem: expect.stringMatching(/cg-proc: command not found \(install the cg3 package\)/) },
    ]);
    await expect(new Apertium(bin).translate('casa', 'ita-spa')).rejects.toBeInstanceOf(ApertiumError);
  });

  it('says Apertium is not installed when the binary is missing', async () => {
    const missing = new Apertium('/nonexistent/apertium');
    expect(await missing.detect()).toBeNull();
    await expect(missing.translate('house', 'eng-spa')).rejects.toThrow(/not installed/);
  });
});

describe.runIf(apertiumInstalled())('Apertium engine, for real', () => {
  const engines = new TranslationEngines();
  afterAll(() => engines.close());

  it('translates English to Spanish and back, and pivots to French and Portuguese through Spanish', async () => {
    const toSpanish = (await engines.plan('en', 'es'))!;
    expect(await engines.translate('The house is big.', toSpanish)).toBe('La casa es grande.');
    const toEnglish = (await engines.plan('es', 'en'))!;
    expect(await engines.translate('La casa es grande.', toEnglish)).toMatch(/house is big/i);
    const toFrench = (await engines.plan('en', 'fr'))!;
    expect(toFrench.route).toEqual(['en', 'es', 'fr']);
    expect(await engines.translate('The house is big.', toFrench)).toMatch(/maison/i);
    const toPortuguese = (await engines.plan('en', 'pt'))!;
    expect(await engines.translate('The house is big.', toPortuguese)).toMatch(/casa é grande/i);
  });

  it('reports the 12 languages, with English → Spanish, French and Portuguese available and German not', async () => {
    const report = await engines.report();
    expect(report.apertium.installed).toBe(true);
    expect(report.languages).toHaveLength(12);
    const byCode = Object.fromEntries(report.languages.map((l) => [l.code, l]));
    for (const code of ['es', 'fr', 'pt'] as const) expect(byCode[code]).toMatchObject({ available: true, engine: 'apertium' });
    expect(byCode.de).toMatchObject({ available: false, engine: null, hint: expect.stringMatching(/TRANSLATE_URL/) });
  });
});

describe('Apertium stream escaping', () => {
  it('carries reserved characters, superblanks and line breaks through unchanged', () => {
    const text = 'Price: $5 [note] a/b <tag> {x} ^y@z \\ ~ end.\nNext line';
    expect(toStream(text).endsWith(' \0')).toBe(true);
    expect(toStream(text)).not.toMatch(/(?<!\\)[$^@/<>{}]/);
    expect(fromStream(toStream(text).slice(0, -1))).toBe(text);
  });
});

describe.runIf(apertiumInstalled())('Apertium warm pipeline, for real', () => {
  const texts = [
    'Hello world, how are you today?',
    'The radio is playing.',
    'Price: $5 [note] a/b, write to me@example.com <tag> {x} #1 + ~ * end.',
    'First line.\nSecond line, with more words about the evening news broadcast.',
  ];
  const pipeline = new ApertiumPipeline('eng-spa');
  afterAll(() => pipeline.close());

  it('answers what a one-shot `apertium -u` run answers, in order, for texts sent at once', async () => {
    const oneShot = new Apertium('apertium', false);
    const expected = await Promise.all(texts.map((t) => oneShot.translate(t, 'eng-spa')));
    expect(await Promise.all(texts.map((t) => pipeline.translate(t, 20_000)))).toEqual(expected);
    // The same pipeline goes on answering.
    expect(await pipeline.translate(texts[1]!, 20_000)).toBe(expected[1]);
  });

  it('restarts after being closed', async () => {
    pipeline.close();
    expect(await pipeline.translate('The house is big.', 20_000)).toBe('La casa es grande.');
  });
});

describe('LibreTranslate engine against a fake server', () => {
  let server: FakeLibreTranslate;
  beforeAll(async () => {
    server = await startFakeLibreTranslate();
  });
  afterAll(() => server.close());

  it('discovers the languages, posts {q, source, target, format} and maps zh to the server code', async () => {
    const engines = new TranslationEngines({ translateUrl: `${server.url}/`, translateApiKey: 'k1', apertiumBin: '/nonexistent/apertium' });
    const toGerman = (await engines.plan('en', 'de'))!;
    expect(toGerman.engine).toBe('libretranslate');
    expect(await engines.translate('Good evening', toGerman)).toBe('[de] Good evening');
    expect(await engines.translate('Hello', (await engines.plan('en', 'zh'))!)).toBe('[zh-Hans] Hello');
    expect(server.requests[0]).toEqual({ q: 'Good evening', source: 'en', target: 'de', format: 'text', api_key: 'k1' });
    const report = await engines.report();
    expect(report.libreTranslate).toMatchObject({ configured: true, reachable: true });
    expect(report.languages.find((l) => l.code === 'ko')).toMatchObject({ available: false, hint: expect.stringMatching(/does not offer Korean/) });
  });

  it('turns a server error into a message naming the service', async () => {
    const engines = new TranslationEngines({ translateUrl: server.url, apertiumBin: '/nonexistent/apertium' });
    await expect(engines.libreTranslate!.translate('x', 'en', 'ko')).rejects.toThrow(/answered 400: ko is not supported/);
  });
});
