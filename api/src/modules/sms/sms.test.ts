import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PollSchema } from '@onair/protocol';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, connectSocket, nextEvent } from '../../../test/support/sockets.ts';
import { twilioSignature } from './twilio-signature.ts';
import { ussdCallbackToken } from './webhooks.ts';

const PUBLIC_URL = 'https://onair.example.org';
const TOKEN = '12345';

describe('Twilio signature', () => {
  it("matches Twilio's documented example", () => {
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });
});

describe('SMS and USSD unconfigured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED });
  });
  afterAll(() => t.close());

  it('answers 404 and the status says so', async () => {
    const sms = await t.app.inject({ method: 'POST', url: '/api/sms/twilio', payload: 'From=%2B1&Body=LIVE', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(sms.statusCode).toBe(404);
    expect(sms.body).toMatch(/TWILIO_AUTH_TOKEN/);
    const ussd = await t.app.inject({ method: 'POST', url: '/api/ussd/africastalking/abc', payload: 'phoneNumber=%2B1&sessionId=s&text=', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(ussd.statusCode).toBe(404);
    const cookie = await signIn(t.app, 'viewer', 'viewer123');
    expect((await t.app.inject({ method: 'GET', url: '/api/sms/status', headers: { cookie } })).json()).toMatchObject({ twilio: false, ussd: false, keyword: 'ONAIR' });
  });
});

describe.each(await testDialects())('SMS and USSD on %s', (dialect) => {
  let t: TestApp;
  let baseUrl: string;
  let viewer: string;
  let listener: string;
  let admin: string;
  let pollId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      seed: TINY_SEED,
      env: { TWILIO_AUTH_TOKEN: TOKEN, PUBLIC_URL, AT_USERNAME: 'sandbox', AT_API_KEY: 'at-key-for-tests' },
    });
    baseUrl = await listen(t);
    [viewer, listener, admin] = await Promise.all([signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'listener', 'listener123'), signIn(t.app, 'admin', 'admin123')]);
    const poll = await t.app.inject({ method: 'POST', url: '/api/polls', headers: { cookie: admin }, payload: { question: 'Best show?', options: ['News', 'Music', 'Sport'], durationSeconds: 600 } });
    expect(poll.statusCode).toBe(201);
    pollId = PollSchema.parse(poll.json()).id;
  });
  afterAll(async () => {
    closeAllSockets();
    await t.close();
  });

  const form = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const sms = (from: string, body: string, opts: { tamper?: boolean; signature?: string } = {}) => {
    const params = { MessageSid: 'SM123', AccountSid: 'AC123', From: from, To: '+15005550006', Body: body };
    const signature = opts.signature ?? twilioSignature(TOKEN, `${PUBLIC_URL}/api/sms/twilio`, params);
    const sent = opts.tamper ? { ...params, Body: `${body} tampered` } : params;
    return t.app.inject({ method: 'POST', url: '/api/sms/twilio', payload: form(sent), headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature } });
  };
  const message = (body: string) => /<Message>([\s\S]*)<\/Message>/.exec(body)?.[1] ?? '';

  it('accepts a signed webhook and answers in TwiML; refuses a tampered or unsigned one', async () => {
    const ok = await sms('+15550000001', 'ONAIR LIVE');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/text\/xml/);
    expect(ok.body).toMatch(/^<\?xml[^>]*><Response><Message>(Live now: |Nothing is live)/);
    expect((await sms('+15550000001', 'ONAIR LIVE', { tamper: true })).statusCode).toBe(401);
    expect((await sms('+15550000001', 'ONAIR LIVE', { signature: '' })).statusCode).toBe(401);
    expect((await sms('+15550000001', 'ONAIR LIVE', { signature: '0/KCTR6DLpKmkAf8muzZqo1nDgQ=' })).statusCode).toBe(401);
  });

  it('asks an unlinked phone to link before voting', async () => {
    expect(message((await sms('+15550000001', 'ONAIR VOTE 2')).body)).toMatch(/^Link this phone first/);
  });

  it('links a phone with the code texted from it, and VOTE 2 moves the tally on a watching socket', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/sms/link', headers: { cookie: viewer } });
    const code = started.json().phone.code as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(message((await sms('+15550000001', 'onair link 000000x')).body)).toMatch(/6-digit code/);
    expect(message((await sms('+15550000001', `ONAIR LINK ${code}`)).body)).toMatch(/linked to your OnAir account/);
    expect(message((await sms('+15550000001', `ONAIR LINK ${code}`)).body)).toMatch(/unknown or expired/);
    const status = (await t.app.inject({ method: 'GET', url: '/api/sms/status', headers: { cookie: viewer } })).json();
    expect(status.phone).toMatchObject({ phone: '+15550000001', confirmed: true, subscribed: false });

    const watcher = await connectSocket(baseUrl, listener);
    const tally = nextEvent(watcher, 'poll:tally', (e) => e.pollId === pollId);
    const reply = message((await sms('+15550000001', 'ONAIR VOTE 2')).body);
    expect(reply).toMatch(/^Vote recorded: Music\. 1 votes so far\./);
    expect(await tally).toMatchObject({ pollId, votes: [0, 1, 0], totalVotes: 1 });
    // The web sees the same vote: the viewer has voted.
    const polls = (await t.app.inject({ method: 'GET', url: '/api/polls/active', headers: { cookie: viewer } })).json() as { id: number; hasVoted: boolean }[];
    expect(polls.find((p) => p.id === pollId)?.hasVoted).toBe(true);
    expect(message((await sms('+15550000001', 'VOTE 2')).body)).toMatch(/already voted/);
    expect(message((await sms('+15550000001', 'VOTE 9')).body)).toMatch(/^Choose an option from 1 to 3/);
  });

  it('SUBSCRIBE and STOP switch go-live texts', async () => {
    expect(message((await sms('+15550000001', 'ONAIR SUBSCRIBE')).body)).toMatch(/^Subscribed/);
    expect((await t.app.inject({ method: 'GET', url: '/api/sms/status', headers: { cookie: viewer } })).json().phone.subscribed).toBe(true);
    expect(message((await sms('+15550000001', 'STOP')).body)).toMatch(/^Unsubscribed/);
    expect(message((await sms('+15550000001', 'ONAIR SCHEDULE')).body)).toMatch(/On now|Newest|Nothing/);
    expect(message((await sms('+15550000001', 'HELLO')).body)).toMatch(/^Unknown command/);
  });

  it('walks the USSD menu to a vote', async () => {
    const url = `/api/ussd/africastalking/${ussdCallbackToken('at-key-for-tests')}`;
    const step = async (text: string, phone = '+15550000002') => {
      const response = await t.app.inject({ method: 'POST', url, payload: form({ sessionId: 'ATUid_1', serviceCode: '*384*123#', phoneNumber: phone, text }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    expect(await step('')).toBe('CON OnAir\n1. Live shows\n2. Vote in polls\n3. Schedule\n4. Account balance\n5. Subscribe\n6. Help');
    expect(await step('2')).toMatch(/^END Link this phone first/);
    // Link the listener's phone over SMS, then vote by USSD.
    const code = (await t.app.inject({ method: 'POST', url: '/api/sms/link', headers: { cookie: listener } })).json().phone.code as string;
    await sms('+15550000002', `LINK ${code}`);
    const menu = await step('2');
    expect(menu).toMatch(/^CON Choose a poll\n1\. /);
    const index = menu.split('\n').findIndex((l) => l.endsWith('Best show?'));
    expect(index).toBeGreaterThan(0);
    expect(await step(`2*${index}`)).toBe('CON Best show?\n1. News\n2. Music\n3. Sport');
    expect(await step(`2*${index}*3`)).toMatch(/^END Vote recorded: Sport\. 2 votes so far\./);
    expect(await step('4')).toMatch(/^END listener: \d+ points, level \d+/);
    expect(await step('9')).toMatch(/^END Unknown option/);
    const wrongToken = await t.app.inject({ method: 'POST', url: '/api/ussd/africastalking/nope', payload: form({ sessionId: 's', phoneNumber: '+1', text: '' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(wrongToken.statusCode).toBe(404);
  });

  it('shows admins where to point the providers, and nobody else', async () => {
    const forAdmin = (await t.app.inject({ method: 'GET', url: '/api/sms/status', headers: { cookie: admin } })).json();
    expect(forAdmin.twilioWebhookUrl).toBe(`${PUBLIC_URL}/api/sms/twilio`);
    expect(forAdmin.ussdCallbackUrl).toBe(`${PUBLIC_URL}/api/ussd/africastalking/${ussdCallbackToken('at-key-for-tests')}`);
    const forViewer = (await t.app.inject({ method: 'GET', url: '/api/sms/status', headers: { cookie: viewer } })).json();
    expect(forViewer.twilioWebhookUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/sms/status' })).statusCode).toBe(401);
  });
});
