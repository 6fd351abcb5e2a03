/**
 * Word error rate: (substitutions + deletions + insertions) / reference words, from the edit distance
 * between word sequences after normalising case and punctuation (what a viewer would not count as a
 * mistake).
 */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/<\/?s>|\[[a-z]+\]|<sil>/g, ' ')
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Edit distance between two word sequences (one row of the table at a time). */
export function wordEdits(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const substitution = previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      row.push(Math.min(substitution, previous[j]! + 1, row[j - 1]! + 1));
    }
    previous = row;
  }
  return previous[hypothesis.length]!;
}

export function wordErrorRate(reference: string, hypothesis: string): { errors: number; words: number; rate: number } {
  const ref = normaliseWords(reference);
  const hyp = normaliseWords(hypothesis);
  const errors = wordEdits(ref, hyp);
  return { errors, words: ref.length, rate: ref.length ? errors / ref.length : hyp.length ? 1 : 0 };
}
