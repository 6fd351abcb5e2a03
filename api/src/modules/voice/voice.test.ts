import { execFileSync } from 'node:child_process';
import { createSign } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, VoiceAssistantDetailSchema } from '@onair/protocol';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { checkCertificateUrl } from './alexa-verifier.ts';

const CERT_URL = 'https://s3.amazonaws.com/echo.api/echo-api-cert-12.pem';

/** A private CA and an echo-api.amazon.com signing certificate it issued: what Amazon's chain looks like. */
async function makeAlexaPki() {
  const day = DAY_MS;
  const window = { notBeforeDate: new Date(Date.now() - day), notAfterDate: new Date(Date.now() + 30 * day), algorithm: 'sha256' as const };
  const root = await selfsigned.generate([{ name: 'commonName', value: 'OnAir Test Root CA' }], {
    ...window,
    extensions: [{ name: 'basicConstraints', cA: true, critical: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }],
  });
  const leaf = await selfsigned.generate([{ name: 'commonName', value: 'echo-api.amazon.com' }], {
    ...window,
    ca: { key: root.private, cert: root.cert },
    extensions: [{ name: 'basicConstraints', cA: false }, { name: 'subjectAltName', altNames: [{ type: 2, value: 'echo-api.amazon.com' }] }],
  });
  const stranger = await selfsigned.generate([{ name: 'commonName', value: 'echo-api.amazon.com' }], {
    ...window,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'echo-api.amazon.com' }] }],
  });
  return { root, leaf, stranger };
}

describe('Alexa certificate URL rules', () => {
  it('accepts only https://s3.amazonaws.com[:443]/echo.api/…', () => {
    for (const ok of [CERT_URL, 'https://s3.amazonaws.com:443/echo.api/echo-api-cert.pem', 'HTTPS://S3.AMAZONAWS.COM/echo.api/../echo.api/cert.pem']) {
      expect(() => checkCertificateUrl(ok), ok).not.toThrow();
    }
    for (const bad of [
      'http://s3.amazonaws.com/echo.api/cert.pem',
      'https://notamazon.com/echo.api/cert.pem',
      'https://s3.amazonaws.com/EcHo.aPi/cert.pem',
      'https://s3.amazonaws.com/invalid.path/cert.pem',
      'https://s3.amazonaws.com:563/echo.api/cert.pem',
      'https://s3.amazonaws.com/echo.api/../invalid.path/cert.pem',
    ]) {
      expect(() => checkCertificateUrl(bad), bad).toThrow();
    }
  });
});

describe.each(await testDialects())('voice assistants on %s', (dialect) => {
  let t: TestApp;
  let viewer: string;
  let listener: string;
  let pki: Awaited<ReturnType<typeof makeAlexaPki>>;
  let stationId: number;
  const certificateRequests: string[] = [];

  beforeAll(async () => {
    pki = await makeAlexaPki();
    t = await createTestApp(dialect, {
      seed: TINY_SEED,
      env: { PUBLIC_URL: 'https://radio.example.org' },
      deps: {
        reach: {
          alexa: {
            trustedRoots: [pki.root.cert],
            loadCertificateChain: async (url) => {
              certificateRequests.push(url);
              return pki.leaf.cert + '\n' + pki.root.cert;
            },
          },
        },
      },
    });
    [viewer, listener] = await Promise.all([signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'listener', 'listener123')]);
    // A live radio station with a real listen file under MEDIA_DIR.
    const db = t.database.db.kysely;
    const { id } = await db
      .insertInto('content')
      .values({ creatorId: null, title: 'Morning Drive FM', description: null, type: 'radio', category: 'music', status: 'live', durationSeconds: 0, language: 'en', createdAt: Date.now(), liveSince: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    stationId = id;
    const dir = path.join(t.config.mediaDir, 'live', String(id));
    mkdirSync(dir, { recursive: true });
    execFileSync(t.config.ffmpegPath, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libmp3lame', '-b:a', '64k', path.join(dir, 'listen.mp3')]);
    await db
      .insertInto('mediaAssets')
      .values({ contentId: id, status: 'live', error: null, hlsPath: `live/${id}/master.m3u8`, filePath: null, fileBytes: null, audioPath: `live/${id}/listen.mp3`, audioMime: 'audio/mpeg', audioBytes: null, audioSampleRate: 44100, thumbnailPath: null, durationMs: null, width: null, height: null, updatedAt: Date.now() })
      .execute();
  });
  afterAll(() => t.close());

  const envelope = (request: Record<string, unknown>, userId = 'amzn1.ask.account.TEST') => ({
    version: '1.0',
    session: { new: true, sessionId: 'amzn1.echo-api.session.1', application: { applicationId: 'amzn1.ask.skill.onair' }, user: { userId } },
    context: { System: { application: { applicationId: 'amzn1.ask.skill.onair' }, user: { userId } } },
    request: { requestId: 'amzn1.echo-api.request.1', timestamp: new Date().toISOString(), locale: 'en-US', ...request },
  });
  const sign = (body: string, key = pki.leaf.private) => createSign('RSA-SHA256').update(body).sign(key, 'base64');
  const alexa = (body: object, opts: { signature?: string; certUrl?: string; key?: string } = {}) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/voice/alexa',
      payload: raw,
      headers: { 'content-type': 'application/json', signaturecertchainurl: opts.certUrl ?? CERT_URL, 'signature-256': opts.signature ?? sign(raw, opts.key) },
    });
  };
  const play = { type: 'IntentRequest', intent: { name: 'PlayStationIntent', confirmationStatus: 'NONE', slots: { station: { name: 'station' } } } };

  it("a signed request to play the radio gets an AudioPlayer.Play directive with the live station's listen URL", async () => {
    const response = await alexa(envelope(play));
    expect(response.statusCode, response.body).toBe(200);
    const directive = response.json().response.directives[0];
    expect(directive).toMatchObject({
      type: 'AudioPlayer.Play',
      playBehavior: 'REPLACE_ALL',
      audioItem: { stream: { url: `https://radio.example.org/media/live/${stationId}/listen.mp3`, token: `content-${stationId}`, offsetInMilliseconds: 0 } },
    });
    expect(response.json().response.outputSpeech.text).toBe('Playing Morning Drive FM on OnAir.');
    expect(certificateRequests).toEqual([CERT_URL]);
  });

  it('refuses bad signatures, bad certificate URLs, strangers\' certificates and stale timestamps', async () => {
    const body = envelope(play);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/voice/alexa',
      payload: JSON.stringify({ ...body, request: { ...body.request, intent: { name: 'ScheduleIntent' } } }),
      headers: { 'content-type': 'application/json', signaturecertchainurl: CERT_URL, 'signature-256': sign(JSON.stringify(body)) },
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toMatch(/Signature-256 does not match/);
    expect((await alexa(body, { key: pki.stranger.private })).statusCode).toBe(400);
    expect((await alexa(body, { certUrl: 'https://evil.example.com/echo.api/cert.pem' })).body).toMatch(/s3\.amazonaws\.com/);
    expect((await alexa(body, { signature: '' })).statusCode).toBe(400);
    const stale = envelope({ ...play, timestamp: new Date(Date.now() - 151_000).toISOString() });
    expect((await alexa(stale)).body).toMatch(/150 seconds/);
    const noHeaders = await t.app.inject({ method: 'POST', url: '/api/voice/alexa', payload: body });
    expect(noHeaders.statusCode).toBe(400);
  });

  it('a chain that does not reach a trusted root is refused', async () => {
    const other = await createTestApp('sqlite', {
      seed: false,
      deps: { reach: { alexa: { trustedRoots: [pki.stranger.cert], loadCertificateChain: async () => pki.leaf.cert + pki.root.cert } } },
    });
    try {
      const raw = JSON.stringify(envelope(play));
      const response = await other.app.inject({ method: 'POST', url: '/api/voice/alexa', payload: raw, headers: { 'content-type': 'application/json', signaturecertchainurl: CERT_URL, 'signature-256': sign(raw) } });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/trusted root/);
    } finally {
      await other.close();
    }
  });

  it("answers what's on now and the schedule from the same content as the web", async () => {
    const now = await alexa(envelope({ type: 'IntentRequest', intent: { name: 'WhatsOnIntent' } }));
    expect(now.json().response.outputSpeech.text).toMatch(/Morning Drive FM \(\d+ watching\)/);
    const schedule = await alexa(envelope({ type: 'IntentRequest', intent: { name: 'ScheduleIntent' } }));
    expect(schedule.json().response.outputSpeech.text).toMatch(/^On now: .*Morning Drive FM/);
    const stop = await alexa(envelope({ type: 'IntentRequest', intent: { name: 'AMAZON.StopIntent' } }));
    expect(stop.json().response.directives).toEqual([{ type: 'AudioPlayer.Stop' }]);
  });

  it('connects, links by spoken code, switches off and deletes an Alexa (spec §7 calls)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/voice-assistants' })).statusCode).toBe(401);
    const created = await t.app.inject({ method: 'POST', url: '/api/voice-assistants', headers: { cookie: viewer }, payload: { platform: 'alexa' } });
    expect(created.statusCode).toBe(201);
    const assistant = VoiceAssistantDetailSchema.parse(created.json());
    expect(assistant).toMatchObject({ platform: 'alexa', deviceName: 'Amazon Alexa Device', enabled: true, linked: false, lastUsed: null });
    expect(assistant.linkCode).toMatch(/^\d{6}$/);

    const link = await alexa(envelope({ type: 'IntentRequest', intent: { name: 'LinkAccountIntent', slots: { code: { name: 'code', value: assistant.linkCode } } } }, 'amzn1.ask.account.VIEWER'));
    expect(link.json().response.outputSpeech.text).toBe('Done. This Alexa is linked to viewer on OnAir.');
    const [linked] = VoiceAssistantDetailSchema.array().parse((await t.app.inject({ method: 'GET', url: '/api/voice-assistants', headers: { cookie: viewer } })).json());
    expect(linked).toMatchObject({ linked: true, linkCode: null });
    expect(linked!.lastUsed).not.toBeNull();

    expect((await t.app.inject({ method: 'PATCH', url: `/api/voice-assistants/${assistant.id}`, headers: { cookie: listener }, payload: { enabled: false } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/voice-assistants/${assistant.id}`, headers: { cookie: viewer }, payload: { enabled: 'no' } })).body).toBe('enabled must be true or false');
    const off = await t.app.inject({ method: 'PATCH', url: `/api/voice-assistants/${assistant.id}`, headers: { cookie: viewer }, payload: { enabled: false } });
    expect(off.json()).toMatchObject({ enabled: false });
    const refused = await alexa(envelope(play, 'amzn1.ask.account.VIEWER'));
    expect(refused.json().response.outputSpeech.text).toMatch(/switched off/);
    expect(refused.json().response.directives).toBeUndefined();

    expect((await t.app.inject({ method: 'DELETE', url: `/api/voice-assistants/${assistant.id}`, headers: { cookie: viewer } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/voice-assistants', headers: { cookie: viewer } })).json()).toEqual([]);
  });

  it('says plainly that Google Assistant actions no longer exist, and validates input', async () => {
    const google = await t.app.inject({ method: 'POST', url: '/api/voice-assistants', headers: { cookie: viewer }, payload: { platform: 'google' } });
    expect(google.statusCode).toBe(422);
    expect(google.body).toMatch(/June 2023/);
    const bad = await t.app.inject({ method: 'POST', url: '/api/voice-assistants', headers: { cookie: viewer }, payload: { platform: 'cortana' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^platform must be one of alexa, google, siri/);
    const siri = await t.app.inject({ method: 'POST', url: '/api/voice-assistants', headers: { cookie: viewer }, payload: { platform: 'siri' } });
    expect(siri.json()).toMatchObject({ deviceName: 'Siri Device', linkCode: null });
  });
});
