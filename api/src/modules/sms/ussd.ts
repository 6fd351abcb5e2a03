/**
 * The USSD menu (spec §2: six options). Africa's Talking sends the whole session's input joined by `*`
 * on every step; the reply starts `CON` (show this and wait for input) or `END` (close the session).
 */
import type { FastifyInstance } from 'fastify';
import { USSD_MENU } from '@onair/protocol';
import { balanceText, liveNowText, openPolls, scheduleText, subscribeText, voteText } from './actions.ts';
import { userForPhone } from './phones.ts';

const con = (text: string) => `CON ${text}`;
const end = (text: string) => `END ${text}`;
const MAX_POLLS = 5;

export const mainMenu = () => con(['OnAir', ...USSD_MENU.map((label, i) => `${i + 1}. ${label}`)].join('\n'));

export async function ussdReply(app: FastifyInstance, phone: string, text: string): Promise<string> {
  const steps = text.split('*').filter((s) => s !== '');
  if (steps.length === 0) return mainMenu();
  const [choice, ...rest] = steps;
  switch (choice) {
    case '1':
      return end(await liveNowText(app));
    case '3':
      return end(await scheduleText(app));
    case '6':
      return end(`Dial this code for the menu, or text ${app.config.smsKeyword} HELP. Link your phone at OnAir > Interactions > SMS.`);
    case '2':
    case '4':
    case '5':
      break;
    default:
      return end('Unknown option. Dial again for the menu.');
  }
  const linked = await userForPhone(app.db.kysely, phone);
  if (!linked) return end(`Link this phone first: OnAir > Interactions > SMS, then text ${app.config.smsKeyword} LINK with the code.`);
  if (choice === '4') return end(await balanceText(app, linked.user));
  if (choice === '5') return end(await subscribeText(app, linked.link.id, true));

  const polls = (await openPolls(app)).slice(0, MAX_POLLS);
  if (polls.length === 0) return end('There is no open poll right now.');
  const [pollPick, optionPick] = rest;
  if (pollPick === undefined) return con(['Choose a poll', ...polls.map((p, i) => `${i + 1}. ${p.question}`)].join('\n'));
  const poll = polls[Number(pollPick) - 1];
  if (!poll) return end('Unknown poll. Dial again for the menu.');
  if (optionPick === undefined) return con([poll.question, ...poll.options.map((o, i) => `${i + 1}. ${o}`)].join('\n'));
  return end(await voteText(app, linked.user, Number(optionPick), poll.id));
}
