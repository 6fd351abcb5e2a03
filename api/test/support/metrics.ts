/** Reading a Prometheus scrape in tests: Prometheus's own linter, and one sample's value. */
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

/** Fails unless `promtool check metrics` (installed by npm run setup:system) passes `text` without a remark. */
export function expectCleanMetrics(text: string): void {
  const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  expect(lint.error, 'promtool is installed by npm run setup:system').toBeUndefined();
  expect(`${lint.stdout}${lint.stderr}`.trim()).toBe('');
  expect(lint.status).toBe(0);
}

/** The value of the sample `name` whose labels include every given pair. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples(text, name, labels)[0]?.value;
}

/** Every sample `name` whose labels include every given pair, with all its labels. */
export function samples(text: string, name: string, labels: Record<string, string> = {}): { labels: Map<string, string>; value: number }[] {
  const found: { labels: Map<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const pairs = new Map([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (Object.entries(labels).every(([k, v]) => pairs.get(k) === v)) found.push({ labels: pairs, value: Number(match[3]) });
  }
  return found;
}
