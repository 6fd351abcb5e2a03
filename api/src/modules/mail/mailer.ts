/**
 * Outbound email behind one interface (domain proofs, invitations): with SMTP_URL set, nodemailer
 * sends through that server; otherwise each message is written to the log, so a self-hosted instance
 * without mail still works (the owner reads the link from the log). Tests pass a mailer that keeps
 * what it was given.
 *
 * Mail is sent while the request that asked for it waits (the answer says whether it went), so the SMTP
 * connections are pooled (a CSV import mails every new account) and each wait is bounded: a mail server
 * that accepts the connection and then says nothing fails the message in seconds, not in nodemailer's
 * default minutes.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Whether mail really leaves the server (the UI says where to look otherwise). */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
  /** Closes pooled connections (the server's shutdown). */
  close?(): void;
}

export const DEFAULT_MAIL_FROM = 'OnAir <no-reply@onair.local>';

/**
 * Sends a message whose failure the caller can work around (an invitation's link shown to the sender
 * instead): answers whether it reached a mail server; a refusal is logged, not thrown. False without
 * a mail server, when the message only went to the log.
 */
export async function deliver(mailer: Mailer, message: MailMessage, log: FastifyBaseLogger): Promise<boolean> {
  try {
    await mailer.send(message);
    return mailer.delivers;
  } catch (error) {
    log.warn({ err: error, to: message.to }, 'mail not sent');
    return false;
  }
}

/** How long a message may wait on the mail server, at each step. */
export interface SmtpWaits {
  /** For the TCP connection. */
  connectMs: number;
  /** For the server's greeting once connected. */
  greetingMs: number;
  /** For any answer once talking. */
  idleMs: number;
}

export const SMTP_WAITS: SmtpWaits = { connectMs: 10_000, greetingMs: 10_000, idleMs: 30_000 };

/** At most this many connections to the mail server at once. */
const SMTP_CONNECTIONS = 4;

/**
 * `smtp://user:pass@host:587` or `smtps://…:465`, as nodemailer reads it (its query string may set
 * further options, which win over these).
 */
export function mailerFor(smtpUrl: string, from = DEFAULT_MAIL_FROM, waits: SmtpWaits = SMTP_WAITS): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: waits.connectMs,
    greetingTimeout: waits.greetingMs,
    socketTimeout: waits.idleMs,
  });
  return {
    delivers: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    delivers: false,
    async send(message) {
      log.info({ mail: message }, 'email not sent (set SMTP_URL to deliver mail)');
    },
  };
}

/** Keeps every message in memory: tests read the code or link that was sent. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    delivers: true,
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
