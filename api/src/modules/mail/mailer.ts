/**
 * Outbound email behind one interface (domain proofs, invitations): with SMTP_URL set, nodemailer
 * sends through that server; otherwise each message is written to the log, so a self-hosted instance
 * without mail still works (the owner reads the link from the log). Tests pass a mailer that keeps
 * what it was given.
 *
 * Mail is sent while the request that asked for it waits (the answer says whether it went), so the SMTP
 * connections are pooled (a CSV import mails every new account) and each wait is bounded: a mail server
 * that accepts the connection and then says nothing fails the message in seconds, not in nodemailer's
 * default minutes, and a batch stops at the first failure of the server itself, or when its caller
 * can wait no longer.
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

/** At most this many connections to the mail server at once. */
const SMTP_CONNECTIONS = 4;

/**
 * nodemailer's codes for a refusal of one message (its recipient, its content); every other failure
 * (no connection, no greeting, a refused login, TLS) is the mail server's, and the next message
 * would meet it too.
 */
const ONE_MESSAGE_REFUSED = new Set(['EENVELOPE', 'EMESSAGE']);

type Attempt = 'sent' | 'refused' | 'server failed';

async function attempt(mailer: Mailer, message: MailMessage, log: FastifyBaseLogger): Promise<Attempt> {
  try {
    await mailer.send(message);
    return 'sent';
  } catch (error) {
    log.warn({ err: error, to: message.to }, 'mail not sent');
    const code = (error as { code?: unknown } | null)?.code;
    return typeof code === 'string' && ONE_MESSAGE_REFUSED.has(code) ? 'refused' : 'server failed';
  }
}

/**
 * Sends a message whose failure the caller can work around (an invitation's link shown to the sender
 * instead): answers whether it reached a mail server; a refusal is logged, not thrown. False without
 * a mail server, when the message only went to the log.
 */
export async function deliver(mailer: Mailer, message: MailMessage, log: FastifyBaseLogger): Promise<boolean> {
  return (await attempt(mailer, message, log)) === 'sent' && mailer.delivers;
}

/** Why a batch stopped before trying every message: the server failed, or the caller's wait ran out. */
export type BatchStop = 'server failed' | 'out of time';

export interface BatchOutcome {
  /** For each message, whether a mail server took it (none are, without one). */
  taken: boolean[];
  /** Null when every message was tried (each taken or refused on its own). */
  stopped: BatchStop | null;
}

/**
 * Sends many messages the same way, one per pooled connection at a time. Once the server itself fails
 * (unreachable, silent, refusing the login) the rest are not tried: each would wait out the same
 * timeouts, which for an import of thousands would hold its request for hours. A server that takes
 * every message slowly would too, so no message is started after `waitMs` (those under way finish):
 * the callers' way round for the untried ones (the links shown to the staff) serves them at once.
 */
export async function deliverAll(mailer: Mailer, messages: readonly MailMessage[], log: FastifyBaseLogger, waitMs = Infinity): Promise<BatchOutcome> {
  const taken = messages.map(() => false);
  if (!mailer.delivers) return { taken, stopped: null };
  const deadline = Date.now() + waitMs;
  let next = 0;
  let stopped: BatchStop | null = null;
  const sendNext = async (): Promise<void> => {
    while (!stopped && next < messages.length) {
      if (Date.now() >= deadline) {
        stopped = 'out of time';
        break;
      }
      const index = next++;
      const outcome = await attempt(mailer, messages[index]!, log);
      taken[index] = outcome === 'sent';
      if (outcome === 'server failed') stopped = 'server failed';
    }
  };
  await Promise.all(Array.from({ length: Math.min(SMTP_CONNECTIONS, messages.length) }, sendNext));
  if (stopped) log.warn({ stopped, untried: messages.length - next }, 'the remaining messages were not tried');
  return { taken, stopped };
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
