/**
 * AI engine benchmark: summaries per second (TextRank over a news-length text) and translation latency
 * per Apertium route (direct and through Spanish), through the warm pipelines against the baseline of a
 * one-shot `apertium` run per hop in the same run. Prints figures; never fails on time.
 * Run: npx tsx workers/bench/ai.bench.ts (or `npm run bench`).
 */
import { performance } from 'node:perf_hooks';
import { summarize } from '../src/engines/summary/textrank.ts';
import { Apertium, TranslationEngines, type TranslationPlan } from '../src/engines/translation/index.ts';

const SENTENCES = [
  'The regional parliament approved a budget that doubles spending on rural broadband over the next four years.',
  'Ministers said the plan will connect more than two million homes that still rely on slow satellite links.',
  'Opposition members argued that the budget relies on optimistic growth forecasts and cuts road maintenance.',
  'Farmers groups welcomed the broadband plan, saying online markets would raise prices for their produce.',
  'The finance minister said the first contracts will be awarded before the end of the year.',
  'Telecom operators will have to share new towers with competitors under the terms of the plan.',
  'Economists expect the investment to add half a percentage point to growth once the network is complete.',
  'Schools in remote districts will be first in line for the new connections, the education minister said.',
];
/** About 2,500 characters: 24 sentences. */
const ARTICLE = [...SENTENCES, ...SENTENCES, ...SENTENCES].join(' ');

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

async function benchSummaries() {
  summarize(ARTICLE); // loads the language model
  const runs = 200;
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    summarize(ARTICLE);
    times.push(performance.now() - t);
  }
  const total = (performance.now() - start) / 1000;
  const s = stats(times);
  console.log(`summaries: ${runs} of a ${ARTICLE.length}-character text in ${total.toFixed(2)} s = ${(runs / total).toFixed(1)} summaries/s (median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms)`);
}

async function timeRuns(runs: number, translate: () => Promise<string>) {
  await translate(); // starts the pipelines (warm) or the disk cache (one-shot)
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await translate();
    times.push(performance.now() - t);
  }
  return stats(times);
}

async function benchTranslation() {
  const engines = new TranslationEngines();
  const oneShot = new Apertium('apertium', false);
  const hopByHop = async (text: string, plan: TranslationPlan) => {
    let current = text;
    for (const step of plan.steps) current = await oneShot.translate(current, step.mode!);
    return current;
  };
  const paragraph = SENTENCES.slice(0, 3).join(' ');
  for (const target of ['es', 'fr', 'pt'] as const) {
    const plan = await engines.plan('en', target);
    if (!plan) {
      console.log(`translation en→${target}: no engine here (${await engines.missing('en', target)})`);
      continue;
    }
    const warm = await timeRuns(20, () => engines.translate(paragraph, plan));
    const baseline = plan.engine === 'apertium' ? await timeRuns(10, () => hopByHop(paragraph, plan)) : null;
    console.log(
      `translation en→${target} (${plan.engine}, ${plan.route.join('→')}), ${paragraph.length} characters: median ${warm.median.toFixed(0)} ms, p95 ${warm.p95.toFixed(0)} ms` +
        (baseline ? ` | one-shot apertium: median ${baseline.median.toFixed(0)} ms | ratio ${(warm.median / baseline.median).toFixed(3)}` : ''),
    );
  }
  engines.close();
}

await benchSummaries();
await benchTranslation();
