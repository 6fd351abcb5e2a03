/** Shared pieces of the benchmarks: process sampling, percentiles, number formatting. */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const TICKS_PER_SECOND = 100;

/** CPU seconds and resident memory of a process, read from /proc (Linux). */
export function processUsage(pid: number): { cpuSeconds: number; rssBytes: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpuSeconds, rssBytes: rssKb * 1024 };
}

/** A process and its descendants (a cluster's primary and its API processes), from /proc (Linux). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    // The process left meanwhile: it has no children to count.
  }
  return [pid, ...children.flatMap(processTree)];
}

/** processUsage summed over a process and its descendants. */
export function processTreeUsage(pid: number): { cpuSeconds: number; rssBytes: number } {
  const total = { cpuSeconds: 0, rssBytes: 0 };
  for (const member of processTree(pid)) {
    try {
      const usage = processUsage(member);
      total.cpuSeconds += usage.cpuSeconds;
      total.rssBytes += usage.rssBytes;
    } catch {
      // Gone between listing and reading.
    }
  }
  return total;
}

/** Node's flags for a V8 CPU profile of a server process (OnAir's or a baseline's), when BENCH_PROFILE_DIR asks for them. */
export function profileFlags(): string[] {
  const dir = process.env.BENCH_PROFILE_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** Where noteProfiledSpan writes, in BENCH_PROFILE_DIR (profile-spans.ts reads it). */
export const PROFILED_SPANS_FILE = 'measured-spans.jsonl';

/** Microseconds on the monotonic clock, the one V8 stamps a CPU profile's samples with. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * With BENCH_PROFILE_DIR: notes a measurement's span, so that the server profiles can be read within
 * it alone (`npm run bench:profile-spans`). A profile covers a process's whole life: its start, the
 * ramps' joins and the pauses between steps, which drown what a measured message costs.
 */
export function noteProfiledSpan(label: string, fromMicros: number, toMicros: number): void {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return;
  // Node makes --cpu-prof-dir only when a profile is written, at the server's exit, after the first span.
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, PROFILED_SPANS_FILE), `${JSON.stringify({ label, fromMicros, toMicros })}\n`);
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/**
 * Raises this process's open-file limit (soft and hard) to at least `wanted` with util-linux's
 * prlimit, which a root user may do; processes started afterwards inherit it. Returns the limit now.
 */
export function raiseOpenFileLimit(wanted: number): number {
  const current = () => Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  if (current() >= wanted) return current();
  try {
    execFileSync('prlimit', ['--pid', String(process.pid), `--nofile=${wanted}:${wanted}`], { stdio: 'ignore' });
  } catch {
    // Not allowed (not root) or no prlimit: the limit stays as it was.
  }
  return current();
}
