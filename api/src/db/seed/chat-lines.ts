/**
 * What the seeded audience says, from a small phrase grammar instead of a fixed list: a fixed list
 * read as the same twenty lines from hundreds of people (and one insult seven times in the moderation
 * queue). Each genre brings its own words (a match has a referee, a sermon a choir), the shared
 * templates combine them, and each person has a voice of their own (home town, emoji habit, casing,
 * punctuation), so two people rarely write the same line and one person sounds the same all week.
 */
import type { Category } from './catalog.ts';
import { SeededRandom } from './random.ts';

type Grammar = Record<string, readonly string[]>;

/** Words a genre brings: who is on screen, what it is about, what happens, what people ask. */
interface GenreWords {
  who: readonly string[];
  thing: readonly string[];
  moment: readonly string[];
  ask: readonly string[];
}

const GENRES: Record<Category, GenreWords> = {
  news: {
    who: ['the anchor', 'the correspondent', 'the minister', 'the reporter on the ground', 'the panel'],
    thing: ['election coverage', 'the budget story', 'this flooding report', 'the morning bulletin', 'the market update'],
    moment: ['that live cross', 'the interview with the minister', 'the fact check', 'the weather segment', 'the breaking alert'],
    ask: ['is there a full transcript?', 'which region was that?', 'will you follow up tomorrow?', 'where can I read the report?'],
  },
  sports: {
    who: ['the referee', 'the keeper', 'the commentator', 'the coach', 'number 9', 'the striker'],
    thing: ['this derby', 'the second half', 'the league table', 'extra time', 'the penalty shootout'],
    moment: ['that free kick', 'the offside call', 'that save', 'the equaliser', 'the red card', 'that header'],
    ask: ['what is the score now?', 'who is on the bench?', 'is there a replay of the goal?', 'how much stoppage time?'],
  },
  music: {
    who: ['the DJ', 'the drummer', 'the band', 'the guest vocalist', 'the horn section'],
    thing: ['this set', 'the new album', 'the acoustic session', 'highlife hour', 'the request line'],
    moment: ['that bass line', 'the guitar solo', 'the transition', 'the encore', 'that harmony'],
    ask: ['what track is this?', 'can you play it again?', 'is this on streaming anywhere?', 'who produced this one?'],
  },
  education: {
    who: ['the teacher', 'the professor', 'the tutor', 'the guest lecturer'],
    thing: ['this lesson', 'the revision class', 'the algebra unit', 'the exam prep', 'the reading club'],
    moment: ['that worked example', 'the diagram', 'the quiz question', 'the summary at the end'],
    ask: ['can you explain step two again?', 'will the slides be shared?', 'is this on the syllabus?', 'when is the next class?'],
  },
  religion: {
    who: ['the pastor', 'the choir', 'the worship team', 'the preacher', 'the deacon'],
    thing: ['this service', 'the sermon', 'the prayer hour', 'the Bible study', 'the youth service'],
    moment: ['that hymn', 'the reading', 'the testimony', 'the closing prayer', 'the message on patience'],
    ask: ['which chapter was that?', 'is there a recording of the sermon?', 'please pray for my family', 'what time is evening service?'],
  },
  technology: {
    who: ['the host', 'the engineer', 'the founder', 'the reviewer'],
    thing: ['this review', 'the launch coverage', 'the coding stream', 'the phone comparison', 'the security segment'],
    moment: ['that demo', 'the benchmark', 'the live bug fix', 'the teardown', 'the battery test'],
    ask: ['which laptop is that?', 'is the code on GitHub?', 'does it support dual SIM?', 'what editor are you using?'],
  },
  entertainment: {
    who: ['the host', 'the comedian', 'the judges', 'the guest star', 'the contestant'],
    thing: ['this episode', 'the talent show', 'the late show', 'the quiz round', 'the celebrity chat'],
    moment: ['that sketch', 'the audition', 'the elimination', 'the surprise guest', 'that punchline'],
    ask: ['who won last week?', 'when is the final?', 'how do I vote for them?', 'is the cast on tour?'],
  },
  documentary: {
    who: ['the narrator', 'the director', 'the crew', 'the historian'],
    thing: ['this documentary', 'the wildlife series', 'the history episode', 'the ocean film'],
    moment: ['that drone shot', 'the archive footage', 'the lion scene', 'the interview with the elders'],
    ask: ['where was this filmed?', 'is there a part two?', 'what camera did they use?', 'how long did filming take?'],
  },
  kids: {
    who: ['the puppet', 'the storyteller', 'the presenter', 'the cartoon crew'],
    thing: ['story time', 'the science corner', 'the counting song', 'the drawing segment'],
    moment: ['the song', 'the experiment', 'the puzzle', 'the dance at the end'],
    ask: ['can we have the song again?', 'my daughter wants to say hi!', 'what do we need for the experiment?', 'is it on tomorrow too?'],
  },
  talk: {
    who: ['the host', 'the caller', 'the guest', 'the co-host'],
    thing: ['this debate', 'the phone-in', 'the morning show', 'the call-in hour', 'the panel discussion'],
    moment: ['that caller', 'the argument about rent', 'the listener letter', 'the guest’s story'],
    ask: ['how do I call in?', 'what is the number again?', 'can you repeat the question?', 'who is the guest next week?'],
  },
};

/** Shared templates: `{slot}` is another symbol, expanded at random. */
const SHARED: Grammar = {
  line: ['{greeting}', '{praise}', '{praise}', '{reaction}', '{question}', '{story}', '{tech}'],
  greeting: ['{hello} from {town}', '{hello} everyone, {town} checking in', 'first time catching {thing}, {hello} from {town}', '{hello}! {town} is watching'],
  hello: ['hello', 'hi', 'good evening', 'greetings', 'hey', 'morning all'],
  praise: ['{moment} was {good}', '{good} work from {who}', '{who} is {good} tonight', 'loving {thing}', 'really {good} {thing} today'],
  good: ['brilliant', 'amazing', 'so good', 'excellent', 'wonderful', 'top class', 'beautiful', 'great'],
  reaction: ['did everyone see {moment}?', 'wow, {moment}', 'still thinking about {moment}', 'not sure about {moment} to be honest', '{who} again!'],
  question: ['{ask}', '@host {ask}', 'quick question: {ask}'],
  story: ['been following {thing} for {years} years', 'my {family} and I never miss {thing}', 'watching {thing} on my break', 'listening to {thing} on the bus'],
  years: ['two', 'three', 'five', 'ten', 'many'],
  family: ['mum', 'dad', 'whole family', 'brother', 'grandmother', 'flatmates'],
  tech: ['the stream froze for a second, fine now', 'sound is much clearer than last week', 'picture is sharp on the TV today', 'a bit of lag here in {town}'],
};

/** Rude lines are rare but varied too: the moderation queue should look like a real one. */
const RUDE: Grammar = {
  // Half are merely sour (a low-severity flag the admin usually approves), half profane (rejected).
  line: ['{blame}', '{swear}', '{sour}', '{sour}'],
  blame: ['{who} is a fucking {insult}', '{who} talks shit about {thing}', 'shut up {who}, what a load of shit'],
  swear: ['what the fuck was {moment}', '{moment}? absolute shit', 'this shit again, {thing} has gone downhill'],
  sour: ['{thing} is awful, terrible and stupid', 'I hate {thing}, worst ever, really disappointing', 'I hate {moment}, so stupid and terrible'],
  insult: ['idiot', 'clown', 'joke', 'disgrace'],
};

export const TOWNS = ['Lagos', 'Accra', 'Nairobi', 'Manila', 'São Paulo', 'Kampala', 'Dakar', 'Mumbai', 'Toronto', 'Leeds', 'Cairo', 'Lima', 'Jakarta', 'Kigali', 'Durban', 'Houston'];
const EMOJI = ['👏', '🔥', '🙌', '😂', '❤️', '👀', '🎶', '🙏', '⚽', '💯'];

/** How one person writes, fixed by who they are. */
interface Voice {
  town: string;
  emoji: string | null;
  lowercase: boolean;
  ending: '' | '!' | '!!' | '.';
}

export function voiceOf(personId: number): Voice {
  const rng = new SeededRandom(personId * 7919 + 17);
  return {
    town: rng.pick(TOWNS),
    emoji: rng.chance(0.4) ? rng.pick(EMOJI) : null,
    lowercase: rng.chance(0.35),
    ending: rng.pick(['', '!', '!!', '.'] as const),
  };
}

function expand(grammar: Grammar, symbol: string, rng: SeededRandom, depth = 0): string {
  const options = grammar[symbol];
  if (!options || depth > 6) return symbol;
  return rng.pick(options).replace(/\{(\w+)\}/g, (_, name: string) => expand(grammar, name, rng, depth + 1));
}

function withGenre(base: Grammar, genre: Category, town: string): Grammar {
  const words = GENRES[genre];
  return { ...base, who: words.who, thing: words.thing, moment: words.moment, ask: words.ask, town: [town] };
}

/** Writes it the way this person writes. */
function inVoice(text: string, voice: Voice, rng: SeededRandom): string {
  let line = text.charAt(0).toUpperCase() + text.slice(1);
  if (voice.lowercase) line = line.toLowerCase();
  if (!/[?!.]$/.test(line)) line += voice.ending;
  if (voice.emoji && rng.chance(0.7)) line += ` ${voice.emoji}`;
  return line;
}

/** One chat line by this person about a show of this genre. */
export function chatLine(rng: SeededRandom, personId: number, genre: Category, rude = false): string {
  const voice = voiceOf(personId);
  const grammar = withGenre(rude ? RUDE : SHARED, genre, voice.town);
  return inVoice(expand(grammar, 'line', rng), voice, rng);
}
