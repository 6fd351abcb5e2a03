/**
 * Outbound texts behind one interface, so go-live texts do not care who delivers them. With a Twilio
 * account SID and number configured, Twilio's Messages API sends them; otherwise they are logged and
 * dropped (inbound commands still work: their replies travel in the webhook's TwiML).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';

export interface SmsSender {
  /** Whether texts really leave the server (the SMS tab says so). */
  readonly delivers: boolean;
  send(to: string, body: string): Promise<void>;
}

export function twilioSender(accountSid: string, authToken: string, from: string): SmsSender {
  return {
    delivers: true,
    async send(to, body) {
      const response = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: from, Body: body }),
      });
      if (!response.ok) throw new Error(`Twilio answered ${response.status}: ${await response.text()}`);
    },
  };
}

export function loggingSender(log: FastifyBaseLogger): SmsSender {
  return {
    delivers: false,
    async send(to, body) {
      log.info({ to, body }, 'SMS not sent: set TWILIO_ACCOUNT_SID and TWILIO_FROM_NUMBER to deliver texts');
    },
  };
}

export function defaultSmsSender(config: AppConfig, log: FastifyBaseLogger): SmsSender {
  const { twilioAccountSid, twilioAuthToken, twilioFromNumber } = config;
  return twilioAccountSid && twilioAuthToken && twilioFromNumber ? twilioSender(twilioAccountSid, twilioAuthToken, twilioFromNumber) : loggingSender(log);
}
