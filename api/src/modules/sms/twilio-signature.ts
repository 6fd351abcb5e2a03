/**
 * Twilio's request validation (https://www.twilio.com/docs/usage/security#validating-requests): the
 * full URL Twilio called, then each POST parameter's name and value in name order, HMAC-SHA1 with the
 * account's auth token, base64 — compared with `X-Twilio-Signature` in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const name of Object.keys(params).sort()) data += name + params[name];
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isValidTwilioSignature(authToken: string, signature: string | undefined, url: string, params: Record<string, string>): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
