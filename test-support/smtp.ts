/**
 * A real SMTP server on loopback (smtp-server, the one nodemailer's author keeps) that takes every
 * message after `delayMs`, as a slow mail server does: for tests of what waits on mail.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SlowSmtpServer {
  /** The recipients of each message taken, in the order they were taken. */
  received: string[];
  port: number;
  close(): Promise<void>;
}

export async function startSlowSmtpServer(delayMs: number): Promise<SlowSmtpServer> {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      stream.resume();
      stream.on('end', () => setTimeout(() => (received.push(...session.envelope.rcptTo.map((r) => r.address)), done()), delayMs));
    },
  });
  const port = await new Promise<number>((resolve) => smtp.server.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)));
  return { received, port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
