/**
 * HTTP load for the reads benchmark, from the lightest generator this machine has. wrk (C, one thread,
 * epoll) spends far less CPU per response than autocannon (Node), so on a 2-core machine where the
 * generator shares the cores with the server, a large answer (the 70 KB content list) measures the
 * server rather than the generator's own parsing. Without wrk (`npm run setup:system` installs it),
 * autocannon runs instead; the report names which. BENCH_LOAD=autocannon forces autocannon.
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

export interface HttpLoad {
  rps: number;
  /** 99th percentile latency, ms. */
  p99: number;
  /** Responses received in the measured window (a slow route on a busy machine may answer few). */
  answered: number;
  /** Non-2xx answers, socket errors and timeouts. */
  bad: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

const hasWrk = () => spawnSync('wrk', ['--version']).error === undefined;

export const loadGenerator: 'wrk' | 'autocannon' = process.env.BENCH_LOAD === 'autocannon' || !hasWrk() ? 'autocannon' : 'wrk';

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Reads wrk's report (`--latency`): requests, the 99 % line, non-2xx/3xx answers and socket errors. */
export function parseWrk(report: string, seconds: number): HttpLoad {
  const answered = Number(/(\d+) requests in/.exec(report)?.[1] ?? 0);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(report);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const socketErrors = errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(report)?.[1] ?? answered / seconds);
  return { rps, p99: p99 ? Number(p99[1]) * UNIT_MS[p99[2]!]! : NaN, answered, bad: non2xx + socketErrors };
}

async function wrk(url: string, options: LoadOptions): Promise<HttpLoad> {
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', ...headers, url];
  const { stdout } = await promisify(execFile)('wrk', args);
  return parseWrk(stdout, options.seconds);
}

async function withAutocannon(url: string, options: LoadOptions): Promise<HttpLoad> {
  const r = await autocannon({ url, headers: options.headers ?? {}, connections: options.connections, duration: options.seconds });
  return { rps: r.requests.average, p99: r.latency.p99, answered: r.requests.total, bad: r.non2xx + r.errors + r.timeouts };
}

/** `options.connections` connections asking `url` for `options.seconds` seconds. */
export function httpLoad(url: string, options: LoadOptions): Promise<HttpLoad> {
  return loadGenerator === 'wrk' ? wrk(url, options) : withAutocannon(url, options);
}
