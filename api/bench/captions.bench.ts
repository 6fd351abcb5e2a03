/**
 * `npm run bench:captions`: the offline caption engine (PocketSphinx) on real recorded speech that a
 * Debian package provides with reference transcripts (pocketsphinx-testdata's LibriVox recordings):
 * word error rate over the corpus and real-time factor. The figure is stored in DATA_DIR
 * (captions-quality.json), where the AI page and the landing page read it; until it is run they
 * show no accuracy at all.
 */
import { mkdir } from 'node:fs/promises';
import { LIBRIVOX_CORPUS, measureCaptionQuality, Pocketsphinx, readCorpus } from '@onair/workers';
import { loadConfig } from '../src/config.ts';
import { captionsQualityPath, writeCaptionsQuality } from '../src/modules/transcripts/quality.ts';

async function main() {
  const config = loadConfig();
  const engine = new Pocketsphinx();
  if (!(await engine.detect())) {
    console.error('PocketSphinx is not installed: npm run setup:system (pocketsphinx, pocketsphinx-en-us, pocketsphinx-testdata)');
    process.exit(1);
  }
  const items = await readCorpus(LIBRIVOX_CORPUS).catch(() => []);
  if (!items.length) {
    console.error(`No reference corpus at ${LIBRIVOX_CORPUS.dir}: apt-get install pocketsphinx-testdata`);
    process.exit(1);
  }
  const { quality, items: measured } = await measureCaptionQuality(engine, items, LIBRIVOX_CORPUS.name);
  for (const item of measured) {
    console.log(`${item.id}: ${item.errors}/${item.words} word errors\n  ref: ${item.reference}\n  hyp: ${item.hypothesis}`);
  }
  console.log(
    `Captions: ${quality.wordAccuracyPercent} % word accuracy (WER ${(quality.wordErrorRate * 100).toFixed(1)} % over ${quality.referenceWords} words, ${quality.files} recordings, ${quality.audioSeconds} s) on ${quality.corpus}, offline engine; real-time factor ${quality.realTimeFactor}`,
  );
  await mkdir(config.dataDir, { recursive: true });
  await writeCaptionsQuality(config.dataDir, quality);
  console.log(`Stored in ${captionsQualityPath(config.dataDir)}`);
}

await main();
