/**
 * Extractive summaries by sentence-graph ranking (TextRank, Mihalcea & Tarau 2004). wink-nlp splits
 * sentences (it knows abbreviations like "Dr." and "U.S.") and gives each token its type, stop-word
 * flag and Porter-2 stem; two sentences are linked by the stems they share, normalised by their
 * lengths, and PageRank over that graph scores each sentence by how much of the text it echoes.
 * The best sentences are kept in their original order.
 */
import winkNLP, { type ItemSentence } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

let nlpInstance: ReturnType<typeof winkNLP> | undefined;

/** The language model is loaded once per process (about 50 ms), on first use. */
function nlp() {
  nlpInstance ??= winkNLP(model);
  return nlpInstance;
}

export interface SentenceInfo {
  text: string;
  /** Content-word stems (no stop words, punctuation or numbers). */
  stems: string[];
}

export function splitSentences(text: string): SentenceInfo[] {
  const engine = nlp();
  const its = engine.its;
  const doc = engine.readDoc(text);
  const sentences: SentenceInfo[] = [];
  doc.sentences().each((sentence: ItemSentence) => {
    const types = sentence.tokens().out(its.type) as string[];
    const stops = sentence.tokens().out(its.stopWordFlag) as unknown as boolean[];
    // wink-nlp's typings declare its.stem with a narrower signature than out() accepts; it is a token its.
    const stems = sentence.tokens().out(its.stem as unknown as typeof its.normal) as string[];
    const content = stems.filter((stem, i) => types[i] === 'word' && !stops[i] && stem.length > 1);
    const raw = sentence.out().trim();
    if (raw) sentences.push({ text: raw, stems: content });
  });
  return sentences;
}

/** TextRank's similarity: shared stems over the sum of the log lengths. */
export function similarity(a: string[], b: string[]): number {
  if (a.length < 2 || b.length < 2) {
    // log(1) = 0 would divide by zero; one-word sentences link by plain overlap.
    const setB = new Set(b);
    return a.some((s) => setB.has(s)) ? 1 : 0;
  }
  const setB = new Set(b);
  let shared = 0;
  for (const stem of new Set(a)) if (setB.has(stem)) shared += 1;
  return shared === 0 ? 0 : shared / (Math.log(a.length) + Math.log(b.length));
}

/** PageRank over a weighted undirected graph (adjacency matrix), damping 0.85, until it settles. */
export function pageRank(weights: number[][], damping = 0.85, tolerance = 1e-6, maxIterations = 100): number[] {
  const n = weights.length;
  if (n === 0) return [];
  const outSum = weights.map((row) => row.reduce((a, b) => a + b, 0));
  let scores = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    // A sentence that shares nothing with the others spreads its score evenly (a dangling node).
    let dangling = 0;
    for (let j = 0; j < n; j++) if (outSum[j] === 0) dangling += scores[j]!;
    for (let i = 0; i < n; i++) {
      let sum = dangling / n;
      const row = weights[i]!;
      for (let j = 0; j < n; j++) {
        const w = row[j]!;
        if (w > 0) sum += (w / outSum[j]!) * scores[j]!;
      }
      next[i] = next[i]! + damping * sum;
    }
    let delta = 0;
    for (let i = 0; i < n; i++) delta += Math.abs(next[i]! - scores[i]!);
    scores = next;
    if (delta < tolerance) break;
  }
  return scores;
}

export interface SummaryOutput {
  summary: string;
  sentenceCount: number;
  /** Indexes of the kept sentences, in input order. */
  selected: number[];
}

/**
 * How many sentences to keep: about a quarter of the text, at least one, at most `maxSentences`
 * (default 5), and always fewer than the input has when it has more than two.
 */
export function targetLength(sentenceCount: number, maxSentences = 5): number {
  if (sentenceCount <= 2) return Math.min(1, sentenceCount);
  return Math.max(1, Math.min(maxSentences, Math.round(sentenceCount * 0.25), sentenceCount - 1));
}

export function summarize(text: string, options: { maxSentences?: number; onStage?: (stage: 'split' | 'rank') => void } = {}): SummaryOutput {
  const sentences = splitSentences(text);
  options.onStage?.('split');
  const n = sentences.length;
  if (n === 0) return { summary: '', sentenceCount: 0, selected: [] };
  const keep = targetLength(n, options.maxSentences);
  const weights: number[][] = sentences.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const w = similarity(sentences[i]!.stems, sentences[j]!.stems);
      weights[i]![j] = w;
      weights[j]![i] = w;
    }
  }
  const scores = pageRank(weights);
  options.onStage?.('rank');
  // Ties go to the earlier sentence: leads of news texts tend to carry the point.
  const ranked = scores.map((score, index) => ({ score, index })).sort((a, b) => b.score - a.score || a.index - b.index);
  const selected = ranked
    .slice(0, keep)
    .map((r) => r.index)
    .sort((a, b) => a - b);
  return { summary: selected.map((i) => sentences[i]!.text).join(' '), sentenceCount: n, selected };
}
