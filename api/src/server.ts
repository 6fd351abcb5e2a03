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
import openapiPlugin from './plugins/openapi.ts';
import { zodValidatorCompiler } from './http/typed-routes.ts';
import webPlugin from './plugins/web.ts';
import realtimePlugin from './realtime/plugin.ts';
import jobsPlugin from './jobs/plugin.ts';
import jobRoutes from './jobs/routes.ts';
import jobRelay from './realtime/job-relay.ts';
import type { JobsRuntimeFactory } from './jobs/types.ts';
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
import liveMediaPlugin from './modules/media/live/plugin.ts';
import liveStatePlugin from './modules/media/live-state.ts';
import mediaFiles from './modules/media/files.ts';
import destinationRoutes from './modules/media/destination-routes.ts';
import mediaModule from './modules/media/index.ts';
import educationModule from './modules/education/index.ts';
import { systemTxtResolver, type TxtResolver } from './modules/education/domain-verification.ts';
import churchModule from './modules/church/index.ts';
import { logMailer, mailerFor, type Mailer } from './modules/mail/mailer.ts';
import monetizationModule from './modules/monetization/index.ts';
import syndicationModule from './modules/syndication/index.ts';
import transcriptsModule from './modules/transcripts/index.ts';
import smsRoutes from './modules/sms/routes.ts';
import voiceRoutes from './modules/voice/routes.ts';
import type { ReachDeps } from './modules/reach-deps.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import smsSenderPlugin from './modules/sms/sender-plugin.ts';
import webPushPlugin from './modules/mobile/push.ts';
import deviceRoutes from './modules/mobile/devices-routes.ts';
import tvRoutes from './modules/smart-tv/routes.ts';
import downloadRoutes from './modules/mobile/downloads-routes.ts';
import securityPlugin from './plugins/security.ts';
import metricsPlugin from './plugins/metrics.ts';

export interface ServerDeps {
  db: Db;
  redis?: Redis | null;
  /**
   * The jobs runtime (queue and engines), composed by the entry point: `composeJobs` from the workers
   * package, whose driver follows REDIS_URL.
   */
  jobs: JobsRuntimeFactory;
  /** DNS TXT lookups for institution domain verification (a fake in tests). */
  txtResolver?: TxtResolver;
  /** Outbound mail (domain proofs, invitations); by default SMTP_URL's server, else the log. */
  mailer?: Mailer;
  /** Outside services of phones, push and voice (SMS sender, Alexa's certificates), replaceable in tests. */
  reach?: ReachDeps;
  /** By default in Redis when it is set, else in memory; tests pass one on a clock they hold still. */
  rateLimiter?: RateLimiter;
}

export async function buildServer(config: AppConfig, deps: ServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request, body included, must arrive within this long: a client dripping a body cannot hold a
    // connection open for good. Node checks open connections once a second for it.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
  });
  // Route schemas are the protocol's zod schemas (http/typed-routes.ts).
  app.setValidatorCompiler(zodValidatorCompiler);

  await app.register(contextPlugin, {
    config,
    db: deps.db,
    redis: deps.redis ?? null,
    rateLimiter: deps.rateLimiter,
  });
  await app.register(errorsPlugin);
  // Before any route: the OpenAPI document is collected as routes are added.
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(jobsPlugin, { compose: deps.jobs });
  await app.register(jobRelay);
  await app.register(healthCollector);
  await app.register(metricsPlugin);
  await app.register(liveStatePlugin);
  await app.register(liveMediaPlugin);
  await app.register(securityPlugin);
  setUpPollTallies(app);
  startPollCloser(app);
  await app.register(smsSenderPlugin, { sender: deps.reach?.smsSender });
  await app.register(webPushPlugin, { agent: deps.reach?.pushAgent });

  await app.register(publicRoutes);
  await app.register(jobRoutes);
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
  await app.register(mediaFiles);
  await app.register(destinationRoutes);
  await app.register(mediaModule);
  // Education and Church Mode charge through the monetization provider (`app.payments`), so it comes first.
  await app.register(monetizationModule);
  const mailer = deps.mailer ?? (config.smtpUrl ? mailerFor(config.smtpUrl, config.mailFrom) : logMailer(app.log));
  app.addHook('onClose', async () => mailer.close?.());
  await app.register(educationModule, { txtResolver: deps.txtResolver ?? systemTxtResolver, mailer });
  await app.register(churchModule);
  await app.register(syndicationModule);
  await app.register(transcriptsModule);
  await app.register(smsRoutes);
  await app.register(voiceRoutes, { alexa: deps.reach?.alexa });
  await app.register(deviceRoutes);
  await app.register(tvRoutes);
  await app.register(downloadRoutes);

  await app.register(webPlugin);
  return app;
}
