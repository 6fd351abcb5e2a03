/**
 * Scores what viewers write (chat, questions) with maintained libraries: `sentiment` (AFINN-165 lexicon)
 * for tone and `obscenity` (a profanity matcher that sees through l33t-speak and repeated letters).
 * Profanity is masked in what others see; anything flagged goes to the moderation queue with a severity.
 */
import Sentiment from 'sentiment';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher, TextCensor, asteriskCensorStrategy } from 'obscenity';
import { termPrefilter } from './term-prefilter.ts';

/** The profanity matcher every score uses (exported for the prefilter's test and the bench). */
export const profanityMatcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
/** Skips the matcher's full search (a tenth of a chat message's CPU) on the lines with no term in them. */
const mayHoldTerm = termPrefilter(profanityMatcher) ?? (() => true);
const censor = new TextCensor().setStrategy(asteriskCensorStrategy());
const sentiment = new Sentiment();

/** Hate speech: flagged high whatever the tone. */
const SLURS = new Set(['nigger', 'faggot', 'retard', 'chink', 'spic', 'kike', 'tranny', 'dyke']);

export interface TextScore {
  /** The text others see: profanity masked with asterisks. */
  display: string;
  /** AFINN score per word, about -5..5. */
  sentiment: number;
  flag: { severity: 'high' | 'medium' | 'low'; reason: string } | null;
}

export function scoreText(text: string): TextScore {
  const matches = mayHoldTerm(text) ? profanityMatcher.getAllMatches(text, true) : [];
  const words = [
    ...new Set(matches.map((m) => englishDataset.getPayloadWithPhraseMetadata(m).phraseMetadata?.originalWord ?? 'profanity')),
  ];
  const tone = sentiment.analyze(text);
  const display = matches.length ? censor.applyTo(text, matches) : text;

  let flag: TextScore['flag'] = null;
  if (words.some((w) => SLURS.has(w))) flag = { severity: 'high', reason: `Hate speech (${words.join(', ')})` };
  else if (words.length && tone.score <= -5) flag = { severity: 'high', reason: `Abusive language (${words.join(', ')})` };
  else if (words.length) flag = { severity: 'medium', reason: `Profanity (${words.join(', ')})` };
  else if (tone.score <= -4 && tone.comparative <= -0.5) flag = { severity: 'low', reason: `Very negative tone (${tone.negative.join(', ')})` };

  return { display, sentiment: tone.comparative, flag };
}
