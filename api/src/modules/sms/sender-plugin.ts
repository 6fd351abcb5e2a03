/** Puts the outbound SMS sender on the instance: the injected one (tests) or the configured default. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defaultSmsSender, type SmsSender } from './sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    smsSender: SmsSender;
  }
}

async function smsSenderPlugin(app: FastifyInstance, opts: { sender?: SmsSender }) {
  app.decorate('smsSender', opts.sender ?? defaultSmsSender(app.config, app.log));
}

export default fp(smsSenderPlugin, { name: 'sms-sender', dependencies: ['context'] });
