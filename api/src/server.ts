/**
 * buildServer(config, deps): the Fastify instance with every plugin and route, never listening by
 * itself. Registration order: external plugins → application plugins → routes (as Fastify's demo).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import type { Db } from './db/dialect.ts';
import authPlugin from './plugins/auth.ts';
import contextPlugin from './plugins/context.ts';
import errorsPlugin from './plugins/errors.ts';
import webPlugin from './plugins/web.ts';
import realtimePlugin from './realtime/plugin.ts';
import jobsPlugin from './jobs/plugin.ts';
import jobRelay from './realtime/job-relay.ts';
import type { JobQueue } from './jobs/types.ts';
import aiModule from './modules/ai/index.ts';
import healthCollector from './modules/admin/health-collector.ts';
import healthRoutes from './modules/admin/health-routes.ts';
import adminRoutes from './modules/admin/routes.ts';
import notificationRoutes from './modules/notifications/routes.ts';
import ratingRoutes from './modules/ratings/routes.ts';
import engagementRoutes from './modules/engagement/routes.ts';
import { setUpPollTallies } from './modules/polls/service.ts';
import { startPollCloser } from './modules/polls/closer.ts';
import chatRoutes from './modules/chat/routes.ts';
import pollRoutes from './modules/polls/routes.ts';
import qnaRoutes from './modules/qna/routes.ts';
import rewardsRoutes from './modules/rewards/routes.ts';
import analyticsRoutes from './modules/analytics/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import contentRoutes from './modules/content/routes.ts';
import publicRoutes from './modules/public/routes.ts';
import creatorRoutes from './modules/creator/routes.ts';
import streamingRoutes from './modules/streaming/routes.ts';
import satelliteRoutes from './modules/satellite/routes.ts';
import viewershipRoutes from './modules/analytics/viewership-routes.ts';

export interface ServerDeps {
  db: Db;
  redis?: Redis | null;
  /** A job queue built by the caller (tests); by default the driver follows REDIS_URL. */
  jobs?: JobQueue;
}

export async function buildServer(config: AppConfig, deps: ServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  await app.register(contextPlugin, {
    config,
    db: deps.db,
    redis: deps.redis ?? null,
  });
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(jobsPlugin, { queue: deps.jobs });
  await app.register(jobRelay);
  await app.register(healthCollector);
  setUpPollTallies(app);
  startPollCloser(app);

  await app.register(publicRoutes);
  await app.register(authRoutes);
  await app.register(contentRoutes);
  await app.register(analyticsRoutes);
  await app.register(chatRoutes);
  await app.register(pollRoutes);
  await app.register(qnaRoutes);
  await app.register(rewardsRoutes);
  await app.register(healthRoutes);
  await app.register(creatorRoutes);
  await app.register(streamingRoutes);
  await app.register(satelliteRoutes);
  await app.register(viewershipRoutes);
  await app.register(aiModule);
  await app.register(adminRoutes);
  await app.register(notificationRoutes);
  await app.register(ratingRoutes);
  await app.register(engagementRoutes);

  await app.register(webPlugin);
  return app;
}
