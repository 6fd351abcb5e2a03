import { describe, expect, it } from 'vitest';
import type { RegExpMatcher } from 'obscenity';
import { termPrefilter } from './term-prefilter.ts';
import { profanityMatcher as matcher, scoreText } from './scoring.ts';
import { chatLine } from '../../db/seed/chat-lines.ts';
import { CATEGORIES } from '../../db/seed/catalog.ts';
import { SeededRandom } from '../../db/seed/random.ts';

const mayHoldTerm = termPrefilter(matcher);

/** Lines written to get past a naive filter: l33t-speak, confusables, repeats, case, whitelisted words. */
const TRICKY = [
  'f u c k this',
  'fuuuuuuck',
  'FuCk YoU',
  'sh1t happens',
  '$h!t',
  'b1tch please',
  'what an a$$hole',
  'ｆｕｃｋ',
  'ᖴuck',
  'you are a b!tch',
  'the pen is mightier than the sword',
  'an assassin in the class',
  'Scunthorpe United won',
  'cocktail hour',
  'analysis of the match',
  'hello there number 5, what a great show tonight',
  '',
  '🎉🎉🎉',
];

/** Words the terms are made of, mangled the ways people do: l33t-speak, repeats, case, gaps, cuts. */
function mangledLines(count: number): string[] {
  const rng = new SeededRandom(14);
  const words = ['fuck', 'shit', 'bitch', 'asshole', 'bastard', 'dick', 'cunt', 'whore', 'slut', 'cock', 'pussy', 'penis', 'retard'];
  const leet: Record<string, string[]> = { a: ['4', '@'], e: ['3'], i: ['1', '!'], o: ['0'], s: ['$', '5'], t: ['7'], u: ['v', 'ü'] };
  const mangle = (word: string) =>
    [...word]
      .map((char) => {
        const roll = rng.next();
        if (roll < 0.15 && leet[char]) return rng.pick(leet[char]);
        if (roll < 0.25) return char.repeat(rng.int(2, 4));
        if (roll < 0.3) return char.toUpperCase();
        if (roll < 0.34) return `${char} `;
        if (roll < 0.37) return '';
        return char;
      })
      .join('');
  return Array.from({ length: count }, () => `${rng.pick(['', 'so ', 'you ', 'what a '])}${mangle(rng.pick(words))}${rng.pick(['', '!', ' lol', 'ing', 'ed'])}`);
}

describe('the profanity term prefilter', () => {
  it('is built for the English preset (null would mean the library changed what it keeps)', () => {
    expect(mayHoldTerm).toBeTypeOf('function');
  });

  it('passes every line in which the matcher finds a term, and stops clean lines', () => {
    const rng = new SeededRandom(7);
    const seeded = Array.from({ length: 300 }, (_, i) => chatLine(rng, rng.int(1, 600), rng.pick(CATEGORIES), i % 3 === 0));
    const lines = [...TRICKY, ...seeded, ...mangledLines(3000)];
    const withTerms = lines.filter((line) => matcher.getAllMatches(line).length > 0);
    // The corpus must hold both kinds, or this test could not fail.
    expect(withTerms.length).toBeGreaterThan(100);
    expect(withTerms.filter((line) => !mayHoldTerm!(line))).toEqual([]);
    const clean = lines.filter((line) => matcher.getAllMatches(line).length === 0);
    expect(clean.filter((line) => !mayHoldTerm!(line)).length).toBeGreaterThan(clean.length / 2);
    expect(mayHoldTerm!('hello there number 5, what a great show tonight')).toBe(false);
  });

  it('leaves scoring as the matcher alone would score', () => {
    expect(scoreText('what the fuuuck').display).toMatch(/^what the \*+/);
    expect(scoreText('what the fuuuck').flag?.severity).toBe('medium');
    expect(scoreText('the pen is mightier than the sword')).toMatchObject({ display: 'the pen is mightier than the sword', flag: null });
  });

  it('answers null for a matcher whose internals it does not know', () => {
    expect(termPrefilter({} as RegExpMatcher)).toBeNull();
    expect(termPrefilter({ blacklistedTerms: [{ regExp: /a/g }], blacklistMatcherTransformers: {}, applyTransformers: () => ['', ''] } as unknown as RegExpMatcher)).toBeNull();
  });
});
