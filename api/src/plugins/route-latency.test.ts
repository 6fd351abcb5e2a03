/**
 * The HTTP latency histogram against prom-client's own: the same observations give the same scrape,
 * line for line, alone and summed across a cluster's processes, and Prometheus's linter passes it.
 */
import { describe, expect, it } from 'vitest';
import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { RouteLatencyHistogram } from './route-latency.ts';
import { expectCleanMetrics } from '../../test/support/metrics.ts';

const NAME = 'onair_http_request_duration_seconds';
const HELP = 'HTTP request latency by route pattern';
const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Observation {
  method: string;
  route: string;
  status: number;
  seconds: number;
}

/** Requests over a few routes and statuses, with latencies on, between and beyond the bounds. */
function observations(count: number, seed: number): Observation[] {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const routes: [string, string][] = [['GET', '/api/content'], ['GET', '/api/content/:id'], ['POST', '/api/chat/send'], ['GET', 'unmatched']];
  const latencies = [0, ...BOUNDS, 12, 0.0001];
  return Array.from({ length: count }, () => {
    const [method, route] = routes[Math.floor(next() * routes.length)]!;
    const seconds = next() < 0.3 ? latencies[Math.floor(next() * latencies.length)]! : next() * 3;
    return { method, route, status: [200, 201, 404, 500][Math.floor(next() * 4)]!, seconds };
  });
}

function both(list: Observation[]) {
  const ours = new Registry();
  const theirs = new Registry();
  const fast = new RouteLatencyHistogram(NAME, HELP, BOUNDS, ours);
  const reference = new Histogram({ name: NAME, help: HELP, labelNames: ['method', 'route', 'status'], buckets: BOUNDS, registers: [theirs] });
  for (const { method, route, status, seconds } of list) {
    fast.observe(method, route, status, seconds);
    reference.observe({ method, route, status: String(status) }, seconds);
  }
  return { ours, theirs };
}

/** A scrape's lines in a fixed order (series may be listed in another order; each line must match). */
const lines = (text: string) => text.split('\n').filter(Boolean).sort();

describe('the route latency histogram', () => {
  it('scrapes as prom-client’s Histogram does for the same requests', async () => {
    const { ours, theirs } = both(observations(5000, 7));
    const text = await ours.metrics();
    expect(lines(text)).toEqual(lines(await theirs.metrics()));
    expect(text).toContain(`${NAME}_bucket{le="+Inf",method="GET",route="/api/content",status="200"}`);
    expectCleanMetrics(text);
  });

  it('sums across a cluster’s processes as prom-client’s Histogram does', async () => {
    const processes = [both(observations(800, 1)), both(observations(1200, 2)), both(observations(50, 3))];
    const aggregate = async (registries: Registry[]) => AggregatorRegistry.aggregate(await Promise.all(registries.map((r) => r.getMetricsAsJSON()))).metrics();
    const ours = await aggregate(processes.map((p) => p.ours));
    expect(lines(ours)).toEqual(lines(await aggregate(processes.map((p) => p.theirs))));
    expectCleanMetrics(ours);
  });

  it('has nothing to show before the first request', async () => {
    const { ours, theirs } = both([]);
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
