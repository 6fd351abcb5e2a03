/**
 * SMS keyword commands (spec §2 SMS tab): `ONAIR LIVE`, `ONAIR VOTE 2`, `ONAIR SCHEDULE`,
 * `ONAIR SUBSCRIBE`, plus `LINK {code}`, `STOP` and `HELP`. The keyword is optional (people forget
 * it), case does not matter.
 */
import type { FastifyInstance } from 'fastify';
import { balanceText, liveNowText, scheduleText, subscribeText, voteText } from './actions.ts';
import { confirmPhoneLink, userForPhone } from './phones.ts';

export function helpText(keyword: string): string {
  return `${keyword} LIVE, ${keyword} VOTE [option], ${keyword} SCHEDULE, ${keyword} SUBSCRIBE, ${keyword} BALANCE. Link this phone at OnAir > Interactions > SMS.`;
}

export function parseCommand(keyword: string, body: string): { command: string; args: string[] } {
  const words = body.trim().toUpperCase().split(/\s+/).filter(Boolean);
  if (words[0] === keyword) words.shift();
  return { command: words[0] ?? 'HELP', args: words.slice(1) };
}

/** The reply to one inbound text from `phone`. */
export async function runSmsCommand(app: FastifyInstance, phone: string, body: string): Promise<string> {
  const keyword = app.config.smsKeyword;
  const { command, args } = parseCommand(keyword, body);
  switch (command) {
    case 'LIVE':
      return liveNowText(app);
    case 'SCHEDULE':
      return scheduleText(app);
    case 'HELP':
      return helpText(keyword);
    case 'LINK': {
      const code = args[0] ?? '';
      if (!/^\d{6}$/.test(code)) return `Send ${keyword} LINK followed by the 6-digit code shown on the SMS tab.`;
      const link = await confirmPhoneLink(app.db.kysely, phone, code);
      return link ? 'This phone is now linked to your OnAir account.' : 'That code is unknown or expired. Ask the SMS tab for a new one.';
    }
  }
  const linked = await userForPhone(app.db.kysely, phone);
  if (!linked) return `Link this phone first: open OnAir > Interactions > SMS and text ${keyword} LINK with the code shown.`;
  switch (command) {
    case 'VOTE':
      return voteText(app, linked.user, Number(args[0]));
    case 'BALANCE':
      return balanceText(app, linked.user);
    case 'SUBSCRIBE':
      return subscribeText(app, linked.link.id, true);
    case 'STOP':
    case 'UNSUBSCRIBE':
      return subscribeText(app, linked.link.id, false);
    default:
      return `Unknown command. ${helpText(keyword)}`;
  }
}
