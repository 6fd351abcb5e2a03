/**
 * The SMTP mailer against real servers on loopback: an SMTP server (smtp-server, the one nodemailer's
 * author keeps) that receives what is sent over a few pooled connections, and a server that accepts
 * the connection and never greets, which must fail the message within the configured wait.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { mailerFor } from './mailer.ts';

const listening = (server: { listen(port: number, host: string, done: () => void): unknown }, address: () => net.AddressInfo | string | null) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((address() as net.AddressInfo).port)));

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
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  // Accepts connections and never says a word.
  const silent = net.createServer(() => undefined);
  let smtpPort = 0;
  let silentPort = 0;
  beforeAll(async () => {
    smtpPort = await listening(smtp.server, () => smtp.server.address());
    silentPort = await listening(silent, () => silent.address());
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
});
