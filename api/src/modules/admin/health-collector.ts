/**
 * Measures this API node for the system health monitor (spec §3), every SAMPLE_MS:
 * - serverLoad: the larger of event-loop utilisation and process CPU (share of all cores), in percent;
 * - databasePerformance: 100 minus the p95 of recent `select 1` round trips in ms (1 point per ms);
 * - cdnEfficiency: share of static asset requests answered 304 (from the browser's cache);
 * - apiResponseTime: p95 of /api request latency over the last five minutes;
 * - activeConnections: open sockets, summed across nodes; bandwidth: bytes sent per second;
 * - uptime; errors: server faults of the last 24 h from this node's error log, resolved or pending.
 * The latest sample is pushed to the `admin` room of this node and served by GET.
 */
import os from 'node:os';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { DAY_MS, rooms, type SystemHealth } from '@onair/protocol';
import { RecentLatencies } from './recent-latencies.ts';

export const SAMPLE_MS = 5_000;
const LATENCY_WINDOW_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    health: { latest(): Promise<SystemHealth>; sampleNow(): Promise<SystemHealth> };
  }
}

export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The newest API latencies kept for the p95 (more between samples under heavy load is no better a p95). */
const LATENCY_SAMPLES = 5000;

const round1 = (n: number) => Math.round(n * 10) / 10;

async function healthCollector(app: FastifyInstance) {
  const latencies = new RecentLatencies(LATENCY_SAMPLES);
  const dbRoundTrips: number[] = [];
  const staticHits = { cached: 0, total: 0 };
  let bytesSent = 0;
  let lastElu: EventLoopUtilization = performance.eventLoopUtilization();
  let lastCpu = process.cpuUsage();
  let lastAt = performance.now();
  let latest: SystemHealth | null = null;

  // One done-style hook: every request passes it, and an async hook costs a promise and a microtask.
  // The body's size is read once it has gone: Fastify has set the length of every string or buffer
  // body by then (a stream of unknown length is not counted).
  app.addHook('onResponse', (request, reply, done) => {
    const length = reply.getHeader('content-length');
    if (length !== undefined) bytesSent += Number(length);
    const url = request.url;
    if (url.startsWith('/api/')) {
      latencies.record(Date.now(), reply.elapsedTime);
    } else if (url.startsWith('/assets/') && request.method === 'GET') {
      staticHits.total += 1;
      if (reply.statusCode === 304) staticHits.cached += 1;
    }
    done();
  });

  async function probeDatabase() {
    const started = performance.now();
    await sql`select 1`.execute(app.db.kysely);
    dbRoundTrips.push(performance.now() - started);
    if (dbRoundTrips.length > 60) dbRoundTrips.shift();
  }

  async function sampleNow(): Promise<SystemHealth> {
    const now = performance.now();
    const elapsedMs = Math.max(1, now - lastAt);
    const elu = performance.eventLoopUtilization(lastElu);
    const cpu = process.cpuUsage(lastCpu);
    lastElu = performance.eventLoopUtilization();
    lastCpu = process.cpuUsage();
    lastAt = now;

    await probeDatabase().catch((error) => app.log.warn({ err: error }, 'database probe failed'));
    await app.clusterCounters.set('sockets', app.io.engine.clientsCount);
    const sockets = (await app.clusterCounters.sum(['sockets'])).get('sockets') ?? 0;

    const wall = Date.now();
    const cpuPercent = ((cpu.user + cpu.system) / 1000 / elapsedMs / os.availableParallelism()) * 100;
    const dbP95 = percentile(dbRoundTrips, 95);
    const apiP95 = percentile(latencies.since(wall - LATENCY_WINDOW_MS), 95);
    const recentErrors = app.serverErrors.filter((e) => e.at >= wall - DAY_MS);
    const resolved = recentErrors.filter((e) => e.resolved).length;

    latest = {
      serverLoad: round1(Math.min(100, Math.max(elu.utilization * 100, cpuPercent))),
      databasePerformance: dbP95 === null ? 0 : round1(Math.max(0, Math.min(100, 100 - dbP95))),
      cdnEfficiency: staticHits.total ? round1((staticHits.cached / staticHits.total) * 100) : null,
      apiResponseTime: apiP95 === null ? null : round1(apiP95),
      activeConnections: sockets,
      bandwidth: Math.round((bytesSent / elapsedMs) * 1000),
      uptime: Math.round(process.uptime()),
      errors: { last24h: recentErrors.length, resolved, pending: recentErrors.length - resolved },
      measuredAt: new Date(wall).toISOString(),
    };
    bytesSent = 0;
    return latest;
  }

  const timer = setInterval(() => {
    void sampleNow()
      .then((health) => app.io.local.to(rooms.admin()).emit('system:health', health))
      .catch((error) => app.log.warn({ err: error }, 'health sample failed'));
  }, SAMPLE_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.decorate('health', {
    latest: async () => latest ?? sampleNow(),
    sampleNow,
  });
}

export default fp(healthCollector, { name: 'health', dependencies: ['realtime'] });
