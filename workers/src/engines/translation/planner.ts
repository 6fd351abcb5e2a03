/**
 * Which engine translates a pair, and how: an Apertium mode when one is installed and working, a
 * pivot through Spanish (en→es→fr) when two are, otherwise the LibreTranslate server when it offers
 * both languages. Apertium goes first because it is offline and always the tested path.
 */
import { languageName, type LanguageCode, type TranslationEngineName } from '@onair/protocol';
import { APERTIUM_INSTALL, APERTIUM_LANGUAGES, type ApertiumMode } from './apertium.ts';
import { serverLanguageCode } from './libretranslate.ts';

export interface Capabilities {
  /** Detected Apertium modes; null when Apertium is not installed. */
  apertium: ApertiumMode[] | null;
  libreTranslate: {
    url: string;
    /** Codes the server offers; null when it could not be asked (it is tried anyway). */
    languages: string[] | null;
    reachable: boolean;
  } | null;
}

export interface TranslationStep {
  source: LanguageCode;
  target: LanguageCode;
  /** The Apertium mode of this hop. */
  mode?: string;
}

export interface TranslationPlan {
  engine: TranslationEngineName;
  /** Languages the text goes through, source first. */
  route: LanguageCode[];
  steps: TranslationStep[];
}

/** Pivot languages for Apertium, in order of preference: every pair OnAir installs goes through Spanish. */
const PIVOTS: readonly LanguageCode[] = ['es', 'en'];

export function planTranslation(source: LanguageCode, target: LanguageCode, caps: Capabilities): TranslationPlan | null {
  if (source === target) return null;
  const working = new Map<string, string>();
  for (const m of caps.apertium ?? []) if (m.working) working.set(`${m.source}>${m.target}`, m.mode);
  const direct = working.get(`${source}>${target}`);
  if (direct) return { engine: 'apertium', route: [source, target], steps: [{ source, target, mode: direct }] };
  for (const pivot of PIVOTS) {
    if (pivot === source || pivot === target) continue;
    const first = working.get(`${source}>${pivot}`);
    const second = working.get(`${pivot}>${target}`);
    if (first && second) {
      return {
        engine: 'apertium',
        route: [source, pivot, target],
        steps: [
          { source, target: pivot, mode: first },
          { source: pivot, target, mode: second },
        ],
      };
    }
  }
  const libre = caps.libreTranslate;
  if (libre && serverLanguageCode(source, libre.languages) && serverLanguageCode(target, libre.languages)) {
    return { engine: 'libretranslate', route: [source, target], steps: [{ source, target }] };
  }
  return null;
}

/**
 * Why no engine covers a pair, naming the languages and the engine to add. Used for the 422 of
 * POST /api/translate and for the Languages page's hints.
 */
export function missingEngineMessage(source: LanguageCode, target: LanguageCode, caps: Capabilities): string {
  const from = languageName(source);
  const to = languageName(target);
  if (source === target) return `The text is already in ${to}`;
  const head = `No translation engine here translates ${from} into ${to}`;
  return `${head}: ${missingEngineHint(source, target, caps)}`;
}

/** What to install or configure so that `source` → `target` works. */
export function missingEngineHint(source: LanguageCode, target: LanguageCode, caps: Capabilities): string {
  const to = languageName(target);
  const from = languageName(source);
  const apertiumCould = APERTIUM_LANGUAGES.includes(source) && APERTIUM_LANGUAGES.includes(target);
  if (apertiumCould) {
    if (!caps.apertium) return `Apertium is not installed (${APERTIUM_INSTALL})`;
    const broken = caps.apertium.filter((m) => !m.working && [source, target, 'es'].includes(m.source) && [source, target, 'es'].includes(m.target));
    if (broken.length) return `the Apertium pairs it needs do not work: ${broken.map((m) => `${m.mode}: ${m.problem}`).join('; ')}`;
    return `the Apertium pairs are missing (${APERTIUM_INSTALL})`;
  }
  const missing = [source, target].filter((l) => !APERTIUM_LANGUAGES.includes(l)).map(languageName);
  const libre = caps.libreTranslate;
  if (!libre) {
    return `Apertium here covers English, Spanish, French, Portuguese and Italian; for ${missing.join(' and ')} set TRANSLATE_URL to a LibreTranslate server (the LibreTranslate engine is not configured)`;
  }
  const unoffered = [source, target].filter((l) => !serverLanguageCode(l, libre.languages)).map(languageName);
  return `the LibreTranslate server at ${libre.url} does not offer ${unoffered.join(' or ') || `${from} to ${to}`}`;
}
