/**
 * GET /metrics: Prometheus text format from one registry per server (tests build many servers in one
 * process, so nothing goes to prom-client's global registry).
 *
 * - HTTP latency histograms by method, route pattern and status;
 * - sockets and rooms on this node, chat messages and votes accepted;
 * - job queue depths by state and job durations from enqueue to finish;
 * - the System Health sample the admin tab shows (`onair_health_*`), so the dashboard and a scrape
 *   read the same figures;
 * - Node's process metrics, event-loop lag included.
 *
 * In a one-machine cluster (API_PROCESSES above 1) any process answers for all of them (cluster-metrics.ts);
 * per-process figures carry a `node` label.
 *
 * With METRICS_TOKEN set, a scrape must present it as a bearer token; without one only loopback
 * clients may scrape, so a default install does not publish its internals.
 */
import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SystemHealth } from '@onair/protocol';
import { type Aggregator, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { clusterScrape } from './cluster-metrics.ts';
import { RouteLatencyHistogram } from './route-latency.ts';

export interface AppMetrics {
  registry: Registry;
  chatMessages: Counter;
  votes: Counter;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return LOOPBACK.has(request.socket.remoteAddress ?? '');
  const given = Buffer.from(request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function httpMetrics(app: FastifyInstance, registry: Registry) {
  const duration = new RouteLatencyHistogram(
    'onair_http_request_duration_seconds',
    'HTTP request latency by route pattern',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registry,
  );
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(request.method, routeLabel(request, reply.statusCode), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * The route pattern, never the raw URL: ids in paths would make one series per item. The built web
 * app's files each have a route of their own (@fastify/static without a wildcard marks it with
 * `config.file`), and their names change with every build: they are all one series, `static`.
 */
function routeLabel(request: FastifyRequest, statusCode: number): string {
  const { url, config } = request.routeOptions;
  if (url === undefined) return statusCode === 404 ? 'unmatched' : 'static';
  return config && 'file' in config ? 'static' : url;
}

function realtimeMetrics(app: FastifyInstance, registry: Registry) {
  // One series per API process: a cluster's scrape lists every process that answered it.
  const node = { node: app.config.nodeId };
  new Gauge({ name: 'onair_node_info', help: 'The API processes whose figures this scrape holds', labelNames: ['node'] as const, registers: [registry] }).set(node, 1);
  new Gauge({
    name: 'onair_sockets',
    help: 'Open Socket.IO connections, by API process',
    labelNames: ['node'] as const,
    registers: [registry],
    collect() {
      this.set(node, app.io.engine.clientsCount);
    },
  });
  new Gauge({
    name: 'onair_socket_rooms',
    help: 'Rooms with at least one socket, by API process (not counting each socket’s own room)',
    labelNames: ['node'] as const,
    registers: [registry],
    collect() {
      const adapter = app.io.of('/').adapter;
      this.set(node, Math.max(0, adapter.rooms.size - adapter.sids.size));
    },
  });
}

function jobMetrics(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: 'onair_job_queue_jobs',
    help: 'Jobs held by each queue, by state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    // Every process reads the same queues.
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const [queue, counts] of await app.jobs.counts()) {
        for (const [state, n] of Object.entries(counts)) this.set({ queue, state }, n);
      }
    },
  });
  const finished = new Histogram({
    name: 'onair_job_duration_seconds',
    help: 'Jobs from enqueue to finish, by queue and outcome',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
    registers: [registry],
    // Every process hears every job's end (the queues' event streams): the longest-lived has them all.
    aggregator: 'max',
  });
  const off = app.jobs.onEvent((event) => {
    if (event.type === 'progress' || event.elapsedMs === undefined) return;
    finished.observe({ queue: event.name, outcome: event.type }, event.elapsedMs / 1000);
  });
  app.addHook('onClose', async () => off());
}

/** The admin System Health figures, from the same sample the dashboard shows. */
function healthMetrics(app: FastifyInstance, registry: Registry) {
  // Across a cluster's processes: the busiest process's load, the worst database score and p95 (the
  // latency histogram sums exactly), the mean cache hit rate, the connections every process already
  // counts cluster-wide, the bandwidth of all.
  const figures: [name: string, help: string, aggregator: Aggregator, read: (h: SystemHealth) => number | null][] = [
    ['onair_health_server_load_percent', 'Server load shown on System Health (event-loop or CPU, percent)', 'max', (h) => h.serverLoad],
    ['onair_health_database_score', 'Database performance shown on System Health (100 minus p95 ms of a probe)', 'min', (h) => h.databasePerformance],
    ['onair_health_api_p95_seconds', 'p95 API latency over five minutes shown on System Health', 'max', (h) => (h.apiResponseTime === null ? null : h.apiResponseTime / 1000)],
    ['onair_health_static_cache_hit_percent', 'Static assets answered 304 from the browser cache, percent', 'average', (h) => h.cdnEfficiency],
    ['onair_health_cluster_connections', 'Open sockets summed across nodes, as System Health shows', 'max', (h) => h.activeConnections],
    ['onair_health_bandwidth_bytes_per_second', 'Bytes sent per second over the last sample', 'sum', (h) => h.bandwidth],
  ];
  for (const [name, help, aggregator, read] of figures) {
    new Gauge({
      name,
      help,
      aggregator,
      registers: [registry],
      async collect() {
        const value = read(await app.health.latest());
        // An unmeasured figure is left out of the scrape rather than reported as 0.
        if (value === null) this.reset();
        else this.set(value);
      },
    });
  }
}

async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry();
  // Standard names (process_*, nodejs_*), so stock Node.js dashboards work unchanged. The event-loop
  // lag's sampling stays at prom-client's 10 ms although its timer wakes an idle process 100 times a
  // second (about two thirds of an idle API process's CPU): the lag figures it reports are whole
  // sampling intervals (idle, p50 reads 0.010 s), so sampling every 100 ms would make every one read
  // 0.1 s more and set off the alerts of dashboards written for the default.
  collectDefaultMetrics({ register: registry });
  // Gauges that prom-client names *_total (promtool rejects that); the per-type gauges beside them carry the same.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);
  httpMetrics(app, registry);
  realtimeMetrics(app, registry);
  jobMetrics(app, registry);
  healthMetrics(app, registry);
  const chatMessages = new Counter({ name: 'onair_chat_messages_total', help: 'Chat messages accepted and broadcast', registers: [registry] });
  const votes = new Counter({ name: 'onair_poll_votes_total', help: 'Poll votes counted', registers: [registry] });
  app.decorate('metrics', { registry, chatMessages, votes });

  const clustered = cluster.isWorker && app.config.apiProcesses > 1 ? clusterScrape(registry) : null;
  if (clustered) app.addHook('onClose', async () => clustered.close());
  app.get('/metrics', async (request, reply) => {
    if (!mayScrape(request, app.config.metricsToken)) {
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('A metrics token is required');
    }
    let text: string;
    try {
      text = clustered ? await clustered.scrape() : await registry.metrics();
    } catch (error) {
      // A partial answer would read as counter resets: the scrape fails instead, and Prometheus says so.
      request.log.warn({ err: error }, 'could not collect the cluster metrics');
      return reply.code(503).type('text/plain; charset=utf-8').send('The metrics could not be collected; try again');
    }
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['context', 'jobs', 'realtime', 'health'] });
