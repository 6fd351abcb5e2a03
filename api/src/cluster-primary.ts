/**
 * API_PROCESSES above 1: this process is the cluster's primary and serves nothing itself. It prepares
 * the database once (so workers never race for migrations or the demo seed), then forks one API process
 * per slot. They share PORT through node:cluster, whose primary accepts each connection and hands it to
 * the next worker in turn without reading from it.
 *
 * No sticky sessions are needed because, clustered, Socket.IO speaks WebSocket only (realtime/plugin.ts):
 * a socket is one TCP connection, so whichever worker accepted it serves it to the end. HTTP long-polling
 * would spread one socket's requests over workers; clients that cannot open a WebSocket use the REST
 * polling the spec keeps as the fallback (2 s chat, 5 s polls, 30 s health). Sticky routing would have
 * to read each connection's first bytes in this process (as @socket.io/sticky does, relaying bodies as
 * strings), which would cost uploads their bytes and this process its CPU.
 *
 * Workers share rooms, presence and counters through Redis (required, see config.ts); this process
 * aggregates their metrics for whichever of them takes a scrape (plugins/cluster-metrics.ts). Slot 0 keeps the
 * configured MEDIA_INGEST; the others never ingest, so one process owns the RTMP port and ffmpeg.
 */
import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config.ts';
import { aggregateWorkerMetrics } from './plugins/cluster-metrics.ts';

/** A worker that dies is replaced after this pause, doubled while replacements fail to start. */
const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
/** How long workers get to close their connections on SIGTERM before they are killed. */
export const STOP_GRACE_MS = 10_000;
/** Slot 0 keeps the configured MEDIA_INGEST; every other slot runs without media ingest. */
function slotEnv(slot: number): Record<string, string> {
  return slot === 0 ? {} : { MEDIA_INGEST: 'false' };
}

export async function runClusterPrimary(config: AppConfig): Promise<void> {
  const slots = new Map<Worker, number>();
  const serving = new Set<Worker>();
  let started = false;
  let stopping = false;
  let restartDelayMs = RESTART_DELAY_MS;

  const fork = (slot: number) => slots.set(cluster.fork(slotEnv(slot)), slot);

  const allServing = new Promise<void>((resolve, reject) => {
    cluster.on('listening', (worker) => {
      if (serving.has(worker)) return;
      serving.add(worker);
      // A replacement that serves resets the back-off.
      if (started) restartDelayMs = RESTART_DELAY_MS;
      if (serving.size === config.apiProcesses) resolve();
    });
    cluster.on('exit', (worker, code, signal) => {
      const slot = slots.get(worker);
      slots.delete(worker);
      const wasServing = serving.delete(worker);
      if (stopping || slot === undefined) return;
      if (!started) {
        // It failed before the cluster was up (configuration, an unreachable service): a new one would too.
        reject(new Error(`API process ${slot} exited with ${signal ?? code} before it was serving`));
        return;
      }
      console.error(`onair: API process ${slot} (pid ${worker.process.pid}) exited with ${signal ?? code}${wasServing ? '' : ' while starting'}; starting another in ${restartDelayMs / 1000} s`);
      setTimeout(() => !stopping && fork(slot), restartDelayMs);
      // One that keeps failing while starting is retried less and less often.
      if (!wasServing) restartDelayMs = Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS);
    });
  });

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    const killer = setTimeout(() => workers.forEach((w) => w.process.kill('SIGKILL')), STOP_GRACE_MS);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    clearTimeout(killer);
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  aggregateWorkerMetrics();
  for (let slot = 0; slot < config.apiProcesses; slot++) fork(slot);
  try {
    await allServing;
    started = true;
  } catch (error) {
    console.error(`onair: ${(error as Error).message}`);
    await stop(1);
  }
  console.log(`OnAir listening on ${config.publicUrl} with ${config.apiProcesses} API processes (primary pid ${process.pid})`);
}
