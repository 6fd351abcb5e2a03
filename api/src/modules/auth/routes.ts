import type { FastifyRequest } from 'fastify';
import { ChangePasswordRequestSchema, DeleteAccountRequestSchema, LoginRequestSchema, RegisterRequestSchema } from '@onair/protocol';
import { countryFromHeaders } from '../../http/country.ts';
import { unauthorized } from '../../http/errors.ts';
import type { FastifyPluginAsyncZod } from '../../http/typed-routes.ts';
import { hashSessionId } from '../../plugins/session-store.ts';
import { endSessionSockets } from '../../realtime/socket-guard.ts';
import { presentUser } from '../users/repository.ts';
import { deleteAccount } from './account-deletion.ts';
import { changePassword } from './password-change.ts';
import { login, register, type Caller } from './service.ts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: FastifyRequest): Caller => ({ ip: request.ip, country: countryFromHeaders(request.headers, app.config.countryHeader) });

  app.get('/api/user', async (request) => {
    if (!request.user) throw unauthorized('Not signed in');
    return presentUser(request.user);
  });

  app.post('/api/login', { schema: { body: LoginRequestSchema } }, async (request) => {
    const user = await login(app, caller(request), request.body);
    await app.signIn(request, user);
    return presentUser(user);
  });

  app.post('/api/register', { schema: { body: RegisterRequestSchema } }, async (request, reply) => {
    const user = await register(app, caller(request), request.body);
    await app.signIn(request, user);
    return reply.code(201).send(presentUser(user));
  });

  // Ends every other sign-in of the account and rotates this one (password-change.ts).
  app.post('/api/auth/password', { onRequest: app.requireUser, schema: { body: ChangePasswordRequestSchema } }, async (request) =>
    presentUser(await changePassword(app, request, request.body)),
  );

  // The account and everything only its own (account-deletion.ts); the password is asked again.
  app.delete('/api/user', { onRequest: app.requireUser, schema: { body: DeleteAccountRequestSchema } }, async (request, reply) => {
    await deleteAccount(app, request, reply, request.body);
    return reply.code(204).send();
  });

  app.post('/api/logout', async (request, reply) => {
    if (request.session.get('userId')) {
      const sessionHash = hashSessionId(request.session.sessionId);
      await app.endSession(request, reply);
      // The sockets of this sign-in (every tab, every node) end with it.
      endSessionSockets(app, sessionHash);
    }
    return reply.code(204).send();
  });
};

export default authRoutes;
