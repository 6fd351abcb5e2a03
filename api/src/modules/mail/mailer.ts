/**
 * Outbound email behind one interface (domain proofs, invitations): with SMTP_URL set, nodemailer
 * sends through that server; otherwise each message is written to the log, so a self-hosted instance
 * without mail still works (the owner reads the link from the log). Tests pass a mailer that keeps
 * what it was given.
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
}

export const DEFAULT_MAIL_FROM = 'OnAir <no-reply@onair.local>';

/** `smtp://user:pass@host:587` or `smtps://…:465`, as nodemailer reads it. */
export function mailerFor(smtpUrl: string, from = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
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
