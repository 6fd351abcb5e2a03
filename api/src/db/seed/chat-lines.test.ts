import { describe, expect, it } from 'vitest';
import { scoreText } from '../../modules/moderation/scoring.ts';
import { CATEGORIES } from './catalog.ts';
import { chatLine, TOWNS, voiceOf } from './chat-lines.ts';
import { SeededRandom } from './random.ts';

describe('seeded chat lines', () => {
  it('are mostly distinct across a demo-sized chat', () => {
    const rng = new SeededRandom(1);
    const lines = Array.from({ length: 240 }, () => chatLine(rng, rng.int(1, 600), rng.pick(CATEGORIES)));
    expect(new Set(lines).size / lines.length).toBeGreaterThan(0.9);
  });

  it('speak of the show: sports chat and music chat share few lines', () => {
    const rng = new SeededRandom(2);
    const sports = new Set(Array.from({ length: 100 }, () => chatLine(rng, rng.int(1, 600), 'sports')));
    const music = new Set(Array.from({ length: 100 }, () => chatLine(rng, rng.int(1, 600), 'music')));
    expect([...sports].filter((l) => music.has(l)).length).toBeLessThan(5);
    expect([...sports].some((l) => /referee|keeper|striker|save|free kick|derby|score/i.test(l))).toBe(true);
  });

  it('give each person one voice: the same town every time they say hello', () => {
    const voice = voiceOf(42);
    expect(voiceOf(42)).toEqual(voice);
    const rng = new SeededRandom(3);
    const lines = Array.from({ length: 200 }, () => chatLine(rng, 42, 'talk'));
    const towns = lines.flatMap((l) => TOWNS.filter((t) => l.toLowerCase().includes(t.toLowerCase())));
    expect(towns.length).toBeGreaterThan(0);
    expect(new Set(towns)).toEqual(new Set([voice.town]));
  });

  it('make rude lines that moderation flags, and not the same insult over and over', () => {
    const rng = new SeededRandom(4);
    const rude = Array.from({ length: 20 }, () => chatLine(rng, rng.int(1, 600), rng.pick(CATEGORIES), true));
    expect(rude.filter((l) => scoreText(l).flag !== null).length).toBeGreaterThanOrEqual(18);
    expect(new Set(rude).size).toBeGreaterThanOrEqual(18);
  });
});
