/**
 * SMS and USSD (the SMS tab of spec §2 /interactions): the USSD menu, SMS commands and a phone's status.
 */
import { z } from 'zod';

// ---------- SMS and USSD ----------

/** The six USSD main-menu options (spec §2 Interactions), in menu order. */
export const USSD_MENU = ['Live shows', 'Vote in polls', 'Schedule', 'Account balance', 'Subscribe', 'Help'] as const;
/** SMS commands after the keyword (spec §2): `ONAIR LIVE`, `ONAIR VOTE 2`, … */
export const SMS_COMMANDS = [
  { command: 'LIVE', description: 'What is live now' },
  { command: 'VOTE [option]', description: 'Vote in the current poll, e.g. VOTE 2' },
  { command: 'SCHEDULE', description: 'On now and the newest shows' },
  { command: 'SUBSCRIBE', description: 'A text when a creator you follow goes live (STOP ends it)' },
] as const;
export const PHONE_LINK_CODE_TTL_MS = 15 * 60 * 1000;

export const SmsStatusSchema = z.object({
  keyword: z.string(),
  twilio: z.boolean(),
  ussd: z.boolean(),
  /** Where to point the provider (admins only; null for others). */
  twilioWebhookUrl: z.string().nullable(),
  ussdCallbackUrl: z.string().nullable(),
  /** The caller's linked phone. */
  phone: z
    .object({ phone: z.string().nullable(), confirmed: z.boolean(), subscribed: z.boolean(), code: z.string().nullable(), codeExpiresAt: z.string().nullable() })
    .nullable(),
});
export type SmsStatus = z.infer<typeof SmsStatusSchema>;
