/** The middle value (the upper one of an even count): what the benchmarks report of their paired runs. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
