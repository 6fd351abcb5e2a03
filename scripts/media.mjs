#!/usr/bin/env node
/**
 * `npm run media`: the media process of the scale-out topology. It is the API server configured to take
 * live inputs (RTMP ingest and ffmpeg packaging, MEDIA_INGEST=true) on an internal port, sharing the
 * database, Redis and MEDIA_DIR with the API nodes: they learn stream state from the database and the
 * Redis adapter (its socket events reach their clients), serve MEDIA_DIR, and pass the Studio's Stop to it.
 * API nodes themselves run with REDIS_URL set, where MEDIA_INGEST defaults to false.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  MEDIA_INGEST: 'true',
  // Its HTTP port serves nothing browsers need (keep it off the load balancer); encoders use RTMP_PORT,
  // which listens on HOST like the API (all interfaces by default).
  PORT: process.env.MEDIA_HTTP_PORT ?? '3100',
};
if (!process.env.REDIS_URL) console.warn('npm run media: REDIS_URL is not set; without it `npm start` already ingests in-process.');
const media = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/api.ts')], { stdio: 'inherit', env, cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => media.kill(signal));
media.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
