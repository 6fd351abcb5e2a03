/**
 * The translation engines of this machine: what they can do (detected, then cached for a few minutes
 * so that installing a pair or starting a LibreTranslate server is noticed without a restart), the
 * engines report of GET /api/ai/engines, and running a plan.
 */
import {
  languageName,
  SUPPORTED_LANGUAGES,
  type EnginesReport,
  type LanguageCode,
} from '@onair/protocol';
import { Apertium, APERTIUM_INSTALL } from './apertium.ts';
import { LibreTranslate, serverLanguageCode } from './libretranslate.ts';
import { missingEngineHint, missingEngineMessage, planTranslation, type Capabilities, type TranslationPlan } from './planner.ts';

export { Apertium, APERTIUM_INSTALL, APERTIUM_LANGUAGES, APERTIUM_PACKAGES, ApertiumError, parseMode } from './apertium.ts';
export { LibreTranslate, LibreTranslateError } from './libretranslate.ts';
export { missingEngineMessage, planTranslation, type Capabilities, type TranslationPlan } from './planner.ts';

export interface TranslationEnginesOptions {
  translateUrl?: string | undefined;
  translateApiKey?: string | undefined;
  apertiumBin?: string;
  /** How long detected capabilities are trusted. */
  cacheMs?: number;
}

export class TranslationEngines {
  readonly apertium: Apertium;
  readonly libreTranslate: LibreTranslate | null;
  private cached: { at: number; caps: Promise<Capabilities> } | null = null;
  private readonly cacheMs: number;

  constructor(options: TranslationEnginesOptions = {}) {
    this.apertium = new Apertium(options.apertiumBin);
    this.libreTranslate = options.translateUrl ? new LibreTranslate(options.translateUrl, options.translateApiKey) : null;
    this.cacheMs = options.cacheMs ?? 5 * 60_000;
  }

  capabilities(): Promise<Capabilities> {
    if (!this.cached || Date.now() - this.cached.at > this.cacheMs) {
      this.cached = { at: Date.now(), caps: this.detect() };
    }
    return this.cached.caps;
  }

  private async detect(): Promise<Capabilities> {
    const [apertium, libre] = await Promise.all([
      this.apertium.detect(),
      this.libreTranslate
        ? this.libreTranslate.languages().then(
            (languages) => ({ url: this.libreTranslate!.url, languages, reachable: true }),
            () => ({ url: this.libreTranslate!.url, languages: null, reachable: false }),
          )
        : Promise.resolve(null),
    ]);
    return { apertium, libreTranslate: libre };
  }

  /** Stops the warm Apertium pipelines. */
  close(): void {
    this.apertium.close();
  }

  async plan(source: LanguageCode, target: LanguageCode): Promise<TranslationPlan | null> {
    return planTranslation(source, target, await this.capabilities());
  }

  async missing(source: LanguageCode, target: LanguageCode): Promise<string> {
    return missingEngineMessage(source, target, await this.capabilities());
  }

  /** Runs a plan over one piece of text, hop by hop. */
  async translate(text: string, plan: TranslationPlan): Promise<string> {
    if (plan.engine === 'libretranslate') {
      if (!this.libreTranslate) throw new Error('TRANSLATE_URL is not set');
      const caps = await this.capabilities();
      const offered = caps.libreTranslate?.languages ?? null;
      const step = plan.steps[0]!;
      return this.libreTranslate.translate(
        text,
        serverLanguageCode(step.source, offered) ?? step.source,
        serverLanguageCode(step.target, offered) ?? step.target,
      );
    }
    let current = text;
    for (const step of plan.steps) current = await this.apertium.translate(current, step.mode!);
    return current;
  }

  /** The translation half of the engines report (the API adds speech to text). */
  async report(): Promise<Omit<EnginesReport, 'transcription'>> {
    const caps = await this.capabilities();
    return {
      summary: { engine: 'TextRank sentence ranking (wink-nlp)', available: true },
      apertium: {
        installed: caps.apertium !== null,
        pairs: (caps.apertium ?? []).map((m) => ({ mode: m.mode, source: m.source, target: m.target, working: m.working, problem: m.problem })),
        install: APERTIUM_INSTALL,
      },
      libreTranslate: {
        configured: caps.libreTranslate !== null,
        url: caps.libreTranslate?.url ?? null,
        reachable: caps.libreTranslate ? caps.libreTranslate.reachable : null,
        languages: caps.libreTranslate?.languages ?? null,
      },
      languages: SUPPORTED_LANGUAGES.map(({ code, name }) => {
        if (code === 'en') return { code, name, available: true, engine: null, route: ['en'], hint: null };
        const plan = planTranslation('en', code, caps);
        return plan
          ? { code, name, available: true, engine: plan.engine, route: plan.route, hint: null }
          : { code, name, available: false, engine: null, route: [], hint: missingEngineHint('en', code, caps) };
      }),
      checkedAt: new Date().toISOString(),
    };
  }
}

/** One line for the start-up log: what translates into what here. */
export function describeReport(report: Omit<EnginesReport, 'transcription'>): string {
  const apertium = report.apertium.installed
    ? `Apertium pairs ${report.apertium.pairs.filter((p) => p.working).map((p) => `${p.source}→${p.target}`).join(', ') || 'none working'}` +
      (report.apertium.pairs.some((p) => !p.working)
        ? ` (not working: ${report.apertium.pairs.filter((p) => !p.working).map((p) => `${p.mode}: ${p.problem}`).join('; ')})`
        : '')
    : `Apertium not installed (${report.apertium.install})`;
  const libre = report.libreTranslate.configured
    ? `LibreTranslate at ${report.libreTranslate.url}${report.libreTranslate.reachable ? '' : ' (not answering)'}`
    : 'LibreTranslate not configured (TRANSLATE_URL unset)';
  const into = report.languages.filter((l) => l.code !== 'en');
  const yes = into.filter((l) => l.available).map((l) => `${l.code} (${l.engine}${l.route.length > 2 ? ` via ${languageName(l.route[1]!)}` : ''})`);
  const no = into.filter((l) => !l.available).map((l) => l.code);
  return `Translation engines: ${apertium}; ${libre}. From English into: ${yes.join(', ') || 'none'}${no.length ? `; not available: ${no.join(', ')}` : ''}`;
}
