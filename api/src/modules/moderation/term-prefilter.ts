/**
 * A quick "could any term match?" for obscenity's RegExpMatcher, asked before its full search.
 *
 * The matcher runs each of its terms (119 in the English preset) over the text on its own with
 * `matchAll`, which builds an iterator and a copy of the term's RegExp every time: about 50 µs for a
 * line of chat, a tenth of the CPU a chat message costs the server, spent on lines that almost
 * never hold a term. One RegExp that is the alternation of every term, run over the same transformed
 * text (l33t-speak, confusables and repeated letters resolved, as the matcher does), finds something
 * wherever any term matches, so a line in which it finds nothing has no match the matcher could
 * report (the whitelist only ever removes matches). The matcher then runs only on the lines that need it.
 *
 * It reads what the library keeps private (its compiled terms and its transformation step), so it
 * checks their shape and answers null when they are not as expected (a new version of the library):
 * callers then search with the matcher alone, and term-prefilter.test.ts fails to say so.
 */
import type { RegExpMatcher } from 'obscenity';

interface MatcherInternals {
  blacklistedTerms?: unknown;
  blacklistMatcherTransformers?: unknown;
  applyTransformers?: unknown;
}

interface CompiledTerm {
  regExp: RegExp;
}

/** The flags the library compiles every term with; the alternation drops `g` so `test` keeps no state. */
const TERM_FLAGS = 'gs';

const isCompiledTerms = (terms: unknown): terms is CompiledTerm[] =>
  Array.isArray(terms) &&
  terms.length > 0 &&
  terms.every((term: { regExp?: unknown }) => term.regExp instanceof RegExp && term.regExp.flags === TERM_FLAGS);

/** `false` means the matcher would find no term in `input`; `true` means it may. Null if unsupported. */
export function termPrefilter(matcher: RegExpMatcher): ((input: string) => boolean) | null {
  const { blacklistedTerms, blacklistMatcherTransformers, applyTransformers } = matcher as unknown as MatcherInternals;
  if (!isCompiledTerms(blacklistedTerms) || typeof applyTransformers !== 'function' || !blacklistMatcherTransformers) return null;
  const anyTerm = new RegExp(blacklistedTerms.map((term) => `(?:${term.regExp.source})`).join('|'), 's');
  return (input) => {
    const transformed: unknown = applyTransformers.call(matcher, input, blacklistMatcherTransformers);
    // [index map, transformed text]; anything else means the library changed: let the matcher decide.
    return !Array.isArray(transformed) || typeof transformed[1] !== 'string' || anyTerm.test(transformed[1]);
  };
}
