/**
 * Demo seed step: the audience asked questions in the last two hours, in the lobby (hosted by the
 * admins) and in the rooms of what is on air (hosted by their creators); the hosts answered the older
 * ones. The admin sees the lobby's in the Q&A tab of a fresh demo.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { demoAdmin, liveItems, seededAudience } from './cast.ts';
import { SeededRandom } from './random.ts';

const QUESTIONS = [
  'Will this episode be available as a podcast later?',
  'Can you say more about where the story goes next week?',
  'Who is the guest on Friday?',
  'How can schools get the full series?',
  'Is there a way to watch the replay on a smart TV?',
  'What was the name of the song at the start?',
  'Could you repeat the phone number for the call-in?',
  'Will you cover the regional results tomorrow?',
  'How long have you been hosting this show?',
  'Can we send our own questions by SMS?',
];

/** Questions older than this have been answered by the host. */
const ANSWERED_AFTER_MS = 40 * 60_000;

export async function seedDemoQuestions(trx: Transaction<Database>, now: number, count: number): Promise<number> {
  if (count <= 0) return 0;
  const rng = new SeededRandom(5151);
  const [live, audience, admin] = await Promise.all([
    liveItems(trx),
    seededAudience(trx),
    demoAdmin(trx),
  ]);
  if (audience.length === 0) return 0;
  const lobby = { id: null, creatorId: admin?.id ?? null };
  const rooms = [lobby, ...live];
  const rows = Array.from({ length: count }, () => {
    // Half go to the lobby, the rest spread over the live rooms.
    const room = rng.chance(0.5) ? lobby : rng.pick(rooms);
    const createdAt = now - rng.int(1, 120) * 60_000;
    const answered = now - createdAt > ANSWERED_AFTER_MS && room.creatorId !== null;
    return {
      contentId: room.id,
      userId: rng.pick(audience).id,
      question: rng.pick(QUESTIONS),
      answeredAt: answered ? createdAt + rng.int(2, 30) * 60_000 : null,
      answeredBy: answered ? room.creatorId : null,
      createdAt,
    };
  }).sort((a, b) => a.createdAt - b.createdAt);
  await trx.insertInto('questions').values(rows).execute();
  return rows.length;
}
