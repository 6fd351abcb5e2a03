/**
 * The SMTP mailer against real servers on loopback: an SMTP server (smtp-server, the one nodemailer's
 * author keeps) that receives what is sent over a few pooled connections and refuses one address, and
 * a server that accepts the connection and never greets, which must fail the message within the
 * configured wait and stop a batch there, and one that takes each message slowly, which must not hold
 * a batch past its caller's wait.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { FastifyBaseLogger } from 'fastify';
import { startSlowSmtpServer, type SlowSmtpServer } from '../../../../test-support/smtp.ts';
import { deliverAll, mailerFor, type BatchOutcome } from './mailer.ts';

/** A logger that keeps what was warned (the mailer logs each failure). */
function quietLog() {
  const warned: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warned.push(args), info: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
  return { log, warned };
}

const listening = (server: { listen(port: number, host: string, done: () => void): unknown }, address: () => net.AddressInfo | string | null) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((address() as net.AddressInfo).port)));

const SLOW_MS = 300;

describe('mailerFor, over SMTP', () => {
  const received: string[] = [];
  let open = 0;
  let mostOpen = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, done) {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      done();
    },
    onClose() {
      open -= 1;
    },
    onRcptTo(address, _session, done) {
      if (address.address.startsWith('bounce@')) return done(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      done();
    },
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  // Takes every message, each after SLOW_MS.
  let slow: SlowSmtpServer;
  // Accepts connections and never says a word.
  let silentConnections = 0;
  const silent = net.createServer(() => {
    silentConnections += 1;
  });
  let smtpPort = 0;
  let silentPort = 0;
  beforeAll(async () => {
    slow = await startSlowSmtpServer(SLOW_MS);
    smtpPort = await listening(smtp.server, () => smtp.server.address());
    silentPort = await listening(silent, () => silent.address());
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await slow.close();
    silent.close();
  });

  it('delivers a burst of messages over a few pooled connections', async () => {
    const mailer = mailerFor(`smtp://127.0.0.1:${smtpPort}`, 'Lagoon School <school@lagoon.sch>');
    try {
      await Promise.all(
        Array.from({ length: 12 }, (_, i) => mailer.send({ to: `pupil${i}@lagoon.sch`, subject: `Your account ${i}`, text: `Open this link: https://onair.example/invitation/${i}` })),
      );
    } finally {
      mailer.close?.();
    }
    expect(received).toHaveLength(12);
    const seventh = received.find((m) => m.includes('Subject: Your account 7'))!;
    expect(seventh).toContain('From: Lagoon School <school@lagoon.sch>');
    expect(seventh).toContain('To: pupil7@lagoon.sch');
    expect(seventh).toContain('https://onair.example/invitation/7');
    expect(mostOpen).toBeGreaterThanOrEqual(1);
    expect(mostOpen).toBeLessThanOrEqual(4);
  });

  it('fails a message within its wait when the server never greets', async () => {
    const mailer = mailerFor(`smtp://127.0.0.1:${silentPort}`, undefined, { connectMs: 2_000, greetingMs: 300, idleMs: 2_000 });
    const started = Date.now();
    try {
      await expect(mailer.send({ to: 'pupil@lagoon.sch', subject: 'Hello', text: 'Hello' })).rejects.toThrow(/greeting/i);
    } finally {
      mailer.close?.();
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('delivers a batch past an address the server refuses, saying which were taken', async () => {
    const mailer = mailerFor(`smtp://127.0.0.1:${smtpPort}`);
    const { log } = quietLog();
    const to = ['ama@reef.sch', 'bounce@reef.sch', 'kofi@reef.sch', 'esi@reef.sch', 'yaw@reef.sch', 'abena@reef.sch'];
    const before = received.length;
    try {
      expect(await deliverAll(mailer, to.map((address) => ({ to: address, subject: 'Your account', text: 'Hello' })), log)).toEqual({
        taken: [true, false, true, true, true, true],
        stopped: null,
      });
    } finally {
      mailer.close?.();
    }
    expect(received.length - before).toBe(5);
  });

  it('stops a batch when the server itself fails, instead of waiting it out for every message', async () => {
    const mailer = mailerFor(`smtp://127.0.0.1:${silentPort}`, undefined, { connectMs: 2_000, greetingMs: 300, idleMs: 2_000 });
    const { log } = quietLog();
    silentConnections = 0;
    const started = Date.now();
    let outcome: BatchOutcome;
    try {
      outcome = await deliverAll(mailer, Array.from({ length: 40 }, (_, i) => ({ to: `pupil${i}@lagoon.sch`, subject: 'Hello', text: 'Hello' })), log);
    } finally {
      mailer.close?.();
    }
    expect(outcome).toEqual({ taken: Array.from({ length: 40 }, () => false), stopped: 'server failed' });
    // One wave of greeting waits on the pool's connections, not forty.
    expect(silentConnections).toBeLessThanOrEqual(4);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("starts no message after the batch's wait, when a slow server would hold it for every message", async () => {
    const mailer = mailerFor(`smtp://127.0.0.1:${slow.port}`);
    const { log } = quietLog();
    const to = Array.from({ length: 40 }, (_, i) => `pupil${i}@coral.sch`);
    const started = Date.now();
    let outcome: BatchOutcome;
    try {
      outcome = await deliverAll(mailer, to.map((address) => ({ to: address, subject: 'Hello', text: 'Hello' })), log, 600);
    } finally {
      mailer.close?.();
    }
    // Every message taken is one the server received; the rest were never started.
    const sent = to.filter((_, i) => outcome.taken[i]);
    expect(outcome.stopped).toBe('out of time');
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.length).toBeLessThan(40);
    expect(slow.received.sort()).toEqual([...sent].sort());
    // All forty would take ten rounds of SLOW_MS on four connections (3 s); the wait plus the messages under way end it.
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
