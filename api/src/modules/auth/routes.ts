import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoginRequestSchema, RegisterRequestSchema } from '@onair/protocol';
import { countryFromHeaders } from '../../http/country.ts';
import { unauthorized } from '../../http/errors.ts';
import { parseOr400 } from '../../http/validate.ts';
import { presentUser } from '../users/repository.ts';
import { login, register, type Caller } from './service.ts';

export default async function authRoutes(app: FastifyInstance) {
  const caller = (request: FastifyRequest): Caller => ({ ip: request.ip, country: countryFromHeaders(request.headers, app.config.countryHeader) });

  app.get('/api/user', async (request) => {
    if (!request.user) throw unauthorized('Not signed in');
    return presentUser(request.user);
  });

  app.post('/api/login', async (request) => {
    const input = parseOr400(LoginRequestSchema, request.body);
    const user = await login(app, caller(request), input);
    await app.signIn(request, user);
    return presentUser(user);
  });

  app.post('/api/register', async (request, reply) => {
    const input = parseOr400(RegisterRequestSchema, request.body);
    const user = await register(app, caller(request), input);
    await app.signIn(request, user);
    return reply.code(201).send(presentUser(user));
  });

  app.post('/api/logout', async (request, reply) => {
    if (request.session.get('userId')) await request.session.destroy();
    return reply.code(204).send();
  });
}
