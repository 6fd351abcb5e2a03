import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signIn, type TestApp, TINY_SEED } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { memoryRateLimiter } from '../../http/rate-limit.ts';

const dialects = await testDialects();

describe.each(dialects)('accounts and sessions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/register', payload });

  it('answers 401 for the session user when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
  });

  it('registers a viewer, signs them in and never returns the password hash', async () => {
    const response = await register({ email: 'Ana@Example.com', username: 'ana_live', password: 'correct-horse', firstName: 'Ana' });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ username: 'ana_live', email: 'ana@example.com', role: 'viewer', firstName: 'Ana', lastName: null });
    expect(JSON.stringify(user)).not.toMatch(/argon2|password/i);
    const cookie = sessionCookie(response);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('ana_live');
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'viewer', password: 'viewer123' } });
    const cookie = response.cookies.find((c) => c.name === 'onair.sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(String(cookie?.sameSite).toLowerCase()).toBe('lax');
  });

  it.each([
    [{ username: 'x1', password: 'correct-horse' }, 'email'],
    [{ email: 'not-an-email', username: 'someone', password: 'correct-horse' }, 'email'],
    [{ email: 'a@b.co', password: 'correct-horse' }, 'username'],
    [{ email: 'a@b.co', username: 'ab', password: 'correct-horse' }, 'username'],
    [{ email: 'a@b.co', username: 'bad name!', password: 'correct-horse' }, 'username'],
    [{ email: 'a@b.co', username: 'someone' }, 'password'],
    [{ email: 'a@b.co', username: 'someone', password: 'short' }, 'password'],
    [{ email: 'a@b.co', username: 'someone', password: 12345678 }, 'password'],
  ])('rejects registration %j with a 400 naming %s and writes nothing', async (payload, field) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(new RegExp(`^${field}\\b`));
    const count = await t.database.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', 'a@b.co')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('answers 409 for a taken username (any case); a taken email is not revealed (registration-privacy.test.ts)', async () => {
    const sameName = await register({ email: 'other@example.com', username: 'ANA_LIVE', password: 'correct-horse' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.body).toMatch(/username/i);
    const sameEmail = await register({ email: 'ana@example.com', username: 'ana_two', password: 'correct-horse' });
    expect(sameEmail.statusCode).toBe(201);
  });

  it('refuses a wrong password with 401 and a missing field with 400', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'viewer', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe('Invalid username or password');
    const missing = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'viewer' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toMatch(/^password/);
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('rotates the session id at login', async () => {
    const first = await signIn(t.app, 'viewer', 'viewer123');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: first },
      payload: { username: 'viewer', password: 'viewer123' },
    });
    expect(again.statusCode).toBe(200);
    const second = sessionCookie(again);
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: first } });
    expect(old.statusCode).toBe(401);
    // A request sent with the old cookie just before the sign-in answered must not clear the new one.
    expect(old.headers['set-cookie']).toBeUndefined();
    // The rotated-out cookie still signs in like no cookie at all.
    const third = await t.app.inject({ method: 'POST', url: '/api/login', headers: { cookie: first }, payload: { username: 'viewer', password: 'viewer123' } });
    expect(third.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(third) } })).statusCode).toBe(200);
  });

  it('starts no session for requests without the cookie (deferred-session.ts): no cookie sent, nothing stored', async () => {
    const count = async () =>
      Number((await t.database.db.kysely.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const url of ['/api/content', '/api/public/stats', '/api/user', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    const out = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(out.headers['set-cookie']).toBeUndefined();
    expect(await count()).toBe(before);
  });

  it('starts the session when a cookie-less request signs in, and clears a cookie it does not know', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'viewer', password: 'viewer123' } });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);

    const forged = cookie.replace(/=.{6}/, '=AAAAAA');
    const stranger = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: forged } });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.cookies.find((c) => c.name === 'onair.sid')?.value).toBe('');
  });

  it('logs out: the session no longer reads a user', async () => {
    const cookie = await signIn(t.app, 'viewer', 'viewer123');
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'onair.sid')?.value).toBe('');
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('ends the sessions of a suspended user and refuses their sign-in', async () => {
    await register({ email: 'sus@example.com', username: 'suspect', password: 'correct-horse' });
    const cookie = await signIn(t.app, 'suspect', 'correct-horse');
    await t.database.db.kysely.updateTable('users').set({ status: 'suspended' }).where('usernameKey', '=', 'suspect').execute();
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.cookies.find((c) => c.name === 'onair.sid')?.value).toBe('');
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'suspect', password: 'correct-horse' } });
    expect(login.statusCode).toBe(403);
  });

  it('cannot sign in as a seeded audience account that has no password', async () => {
    const row = await t.database.db.kysely.selectFrom('users').select('username').where('passwordHash', '=', '').executeTakeFirstOrThrow();
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: row.username, password: '' } });
    expect(response.statusCode).toBe(400);
    const guess = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: row.username, password: 'anything' } });
    expect(guess.statusCode).toBe(401);
  });
});

describe('rate limits on sign-in and sign-up', () => {
  let t: TestApp;
  // The limiter's clock stands still unless a test moves it: a loaded machine's pauses between
  // requests (password hashing is slow on purpose) must not let a wait run out mid-test.
  let now = Date.parse('2026-01-05T09:00:00Z');
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false, deps: { rateLimiter: memoryRateLimiter(() => now) } });
  });
  afterAll(() => t.close());

  it('slows a client that keeps failing, with 429 and a growing Retry-After, but never locks the owner out', async () => {
    await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: '10.0.0.50', payload: { username: 'target', email: 'target@example.com', password: 'the-right-one' } });
    const attempt = (remoteAddress: string, password = 'guess') =>
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username: 'target', password } });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await attempt('10.0.0.1')).statusCode);
    // Five free mistakes, then the address must wait before each further try.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const limited = await attempt('10.0.0.1', 'the-right-one');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    // The owner, from their own address, signs in at once; a wrong password there is a plain 401.
    expect((await attempt('10.0.0.2', 'the-right-one')).statusCode).toBe(200);
    expect((await attempt('10.0.0.3')).statusCode).toBe(401);
    // Once the wait has passed, the right password from the slowed address gets in.
    now += 1000;
    expect((await attempt('10.0.0.1', 'the-right-one')).statusCode).toBe(200);
  }, 120_000);

  it('grows the wait with every further failure', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.0.0.7', payload: { username: 'slowed', password: 'guess' } });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    // Each wait is let pass, then the client fails again: 1 s, 2 s, 4 s, 8 s.
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      waits.push(String(refused.headers['retry-after']));
      now += Number(refused.headers['retry-after']) * 1000;
      expect((await attempt()).statusCode).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8']);
  }, 120_000);

  it('limits sign-in attempts per address across usernames', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.0.0.9',
        payload: { username: `user${i}`, password: 'guess' },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('the country a reverse proxy reports (COUNTRY_HEADER)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED, env: { COUNTRY_HEADER: 'CF-IPCountry' } });
  });
  afterAll(() => t.close());

  const countryOf = async (username: string) =>
    (await t.app.db.kysely.selectFrom('users').select('country').where('username', '=', username).executeTakeFirstOrThrow()).country;
  const register = (username: string, country?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: country ? { 'cf-ipcountry': country } : {},
      payload: { username, email: `${username}@example.com`, password: 'a-long-password' },
    });

  it('gives a new account the country, and ignores codes that are not countries', async () => {
    expect((await register('ama', 'gh')).statusCode).toBe(201);
    expect(await countryOf('ama')).toBe('GH');
    expect((await register('tor_user', 'T1')).statusCode).toBe(201);
    expect(await countryOf('tor_user')).toBeNull();
    expect((await register('odd_user', 'Ghana')).statusCode).toBe(201);
    expect(await countryOf('odd_user')).toBeNull();
  });

  it('teaches an account without a country at its next sign-in, and never overwrites one', async () => {
    await register('wanjiru');
    const login = (country: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', headers: { 'cf-ipcountry': country }, payload: { username: 'wanjiru', password: 'a-long-password' } });
    expect((await login('KE')).statusCode).toBe(200);
    expect(await countryOf('wanjiru')).toBe('KE');
    expect((await login('US')).statusCode).toBe(200);
    expect(await countryOf('wanjiru')).toBe('KE');
  });

  it('places an anonymous view in the country', async () => {
    const [item] = await t.app.db.kysely.selectFrom('content').select('id').limit(1).execute();
    const recorded = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/record',
      headers: { 'cf-ipcountry': 'BR', 'user-agent': 'country-test' },
      payload: { contentId: item!.id, device: 'web', watchSeconds: 30 },
    });
    expect(recorded.statusCode).toBe(201);
    const last = await t.app.db.kysely.selectFrom('viewEvents').select(['country', 'userId']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toEqual({ country: 'BR', userId: null });
  });
});
