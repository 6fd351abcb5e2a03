import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoginRequestSchema, RegisterRequestSchema } from '@onair/protocol';
import { countryFromHeaders } from '../../http/country.ts';
import { unauthorized } from '../../http/errors.ts';
import { docs } from '../../http/route-docs.ts';
import { parseOr400 } from '../../http/validate.ts';
import { hashSessionId } from '../../plugins/session-store.ts';
import { endSessionSockets } from '../../realtime/socket-guard.ts';
import { presentUser } from '../users/repository.ts';
import { changePassword } from './password-change.ts';
import { login, register, type Caller } from './service.ts';

export default async function authRoutes(app: FastifyInstance) {
  const caller = (request: FastifyRequest): Caller => ({ ip: request.ip, country: countryFromHeaders(request.headers, app.config.countryHeader) });

  app.get('/api/user', async (request) => {
    if (!request.user) throw unauthorized('Not signed in');
    return presentUser(request.user);
  });

  app.post('/api/login', { schema: docs({ body: LoginRequestSchema }) }, async (request) => {
    const input = parseOr400(LoginRequestSchema, request.body);
    const user = await login(app, caller(request), input);
    await app.signIn(request, user);
    return presentUser(user);
  });

  app.post('/api/register', { schema: docs({ body: RegisterRequestSchema }) }, async (request, reply) => {
    const input = parseOr400(RegisterRequestSchema, request.body);
    const user = await register(app, caller(request), input);
    await app.signIn(request, user);
    return reply.code(201).send(presentUser(user));
  });

  // Ends every other sign-in of the account and rotates this one (password-change.ts).
  app.post('/api/auth/password', async (request) => presentUser(await changePassword(app, request)));

  app.post('/api/logout', async (request, reply) => {
    if (request.session.get('userId')) {
      const sessionHash = hashSessionId(request.session.sessionId);
      await request.session.destroy();
      // The sockets of this sign-in (every tab, every node) end with it.
      endSessionSockets(app, sessionHash);
    }
    return reply.code(204).send();
  });
}
