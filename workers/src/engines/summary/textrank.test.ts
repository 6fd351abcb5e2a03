import { describe, expect, it } from 'vitest';
import { pageRank, similarity, splitSentences, summarize, targetLength } from './textrank.ts';

const NEWS = [
  'The city council voted on Tuesday to approve a new public transport plan that adds three bus rapid transit lines by 2027.',
  'The transport plan, which costs an estimated 450 million dollars, passed by seven votes to two after a six-hour debate.',
  'Supporters said the new bus lines will cut commute times for 200,000 residents far from the rail network.',
  'Opponents argued the cost of the transport plan is too high and that the council should first repair roads.',
  'The weather on Tuesday was sunny.',
  'Mayor Lisa Chen called the bus transport plan the most important investment the city has made in a generation.',
  'Construction of the first bus line is expected to begin next spring.',
  'A bakery on Main Street celebrated its tenth anniversary.',
].join(' ');

describe('TextRank summaries', () => {
  it('splits sentences with the NLP library, keeping abbreviations inside a sentence', () => {
    const sentences = splitSentences('Dr. Smith met the U.S. delegation on Jan. 5. They discussed running schools!');
    expect(sentences.map((s) => s.text)).toEqual(['Dr. Smith met the U.S. delegation on Jan. 5.', 'They discussed running schools!']);
    // Stems without stop words: "running" and "schools" become "run" and "school".
    expect(sentences[1]!.stems).toEqual(['discuss', 'run', 'school']);
  });

  it('links sentences by shared stems, normalised by length', () => {
    expect(similarity(['bus', 'plan', 'citi'], ['bus', 'plan', 'cost'])).toBeCloseTo(2 / (2 * Math.log(3)));
    expect(similarity(['bus', 'plan'], ['bakeri', 'street'])).toBe(0);
  });

  it('ranks the most connected node highest', () => {
    // A star: node 0 links to all others, which do not link to each other.
    const w = [
      [0, 1, 1, 1],
      [1, 0, 0, 0],
      [1, 0, 0, 0],
      [1, 0, 0, 0],
    ];
    const scores = pageRank(w);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
  });

  it('keeps the central sentences in their original order and drops the asides', () => {
    const result = summarize(NEWS);
    expect(result.sentenceCount).toBe(8);
    expect(result.selected.length).toBe(targetLength(8));
    expect([...result.selected].sort((a, b) => a - b)).toEqual(result.selected);
    expect(result.summary).toMatch(/transport plan/);
    expect(result.summary).not.toMatch(/weather|bakery/);
    // Not the first N characters: the summary is made of whole ranked sentences, not a prefix.
    expect(NEWS.startsWith(result.summary)).toBe(false);
  });

  it('returns a single sentence as it is and nothing for no text', () => {
    expect(summarize('Only one sentence here.').summary).toBe('Only one sentence here.');
    expect(summarize('   ').summary).toBe('');
  });
});
