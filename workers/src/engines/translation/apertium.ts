/**
 * Apertium, the offline rule-based translator from Debian's packages. Each installed pair is a "mode"
 * (`apertium -l`: eng-spa, spa-eng, es-fr, fr-es, es-pt, pt-es, spa-ita, ita-spa, …) run as a pipeline
 * of small programs: `apertium <mode> <file>` reads the text and writes the translation on stdout. The
 * text goes through a private temporary file, not stdin: the script opens /dev/stdin by path, which
 * fails when stdin is a socket, as Node's child-process pipes are.
 *
 * A listed mode can still be broken: ita-spa needs `cg-proc` (package cg3), and without it the pipeline
 * prints "command not found" and an empty translation while exiting 0. So every mode is probed with a
 * word before it is reported as working, and an empty output is an error, never a translation.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SUPPORTED_LANGUAGES, type LanguageCode } from '@onair/protocol';
import { ApertiumPipeline } from './apertium-pipeline.ts';

/** The Debian packages behind the pairs OnAir uses (README, .ci/run, scripts/setup-system.sh). */
export const APERTIUM_PACKAGES = ['apertium', 'apertium-en-es', 'apertium-es-pt', 'apertium-fr-es', 'apertium-es-it'] as const;
export const APERTIUM_INSTALL = `apt-get install ${APERTIUM_PACKAGES.join(' ')}`;
/** Languages those packages cover (directly with Spanish, or through it). */
export const APERTIUM_LANGUAGES: readonly LanguageCode[] = ['en', 'es', 'fr', 'pt', 'it'];

/** Newer pairs name languages with ISO 639-3 codes (eng-spa), older ones with ISO 639-1 (es-fr). */
const ISO_639_3: Record<string, LanguageCode> = {
  eng: 'en', spa: 'es', fra: 'fr', fre: 'fr', por: 'pt', ita: 'it', deu: 'de', ger: 'de',
  rus: 'ru', jpn: 'ja', kor: 'ko', zho: 'zh', chi: 'zh', ara: 'ar', hin: 'hi',
};
const SUPPORTED = new Set<string>(SUPPORTED_LANGUAGES.map((l) => l.code));

function toCode(code: string): LanguageCode | undefined {
  if (SUPPORTED.has(code)) return code as LanguageCode;
  return ISO_639_3[code];
}

/**
 * The languages of a plain translation mode; undefined for variants (spa-eng_US, es-pt_BR), the
 * "eco-" modes and pairs outside the supported languages.
 */
export function parseMode(mode: string): { source: LanguageCode; target: LanguageCode } | undefined {
  const match = /^([a-z]{2,3})-([a-z]{2,3})$/.exec(mode.trim());
  if (!match) return undefined;
  const source = toCode(match[1]!);
  const target = toCode(match[2]!);
  return source && target && source !== target ? { source, target } : undefined;
}

/** A word in each language, to check that a mode really translates. */
const PROBE: Partial<Record<LanguageCode, string>> = { en: 'house', es: 'casa', fr: 'maison', pt: 'casa', it: 'casa', de: 'Haus' };

export class ApertiumError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApertiumError';
  }
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(bin: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new ApertiumError(`apertium ${args.join(' ')} did not finish within ${Math.round(timeoutMs / 1000)} s`));
      else resolve({ code, stdout, stderr });
    });
  });
}

/** The first line of a stderr, trimmed of the shell's `/dev/fd/63: line 1:` preamble. */
function firstProblem(stderr: string): string {
  const line = stderr.split('\n').find((l) => l.trim()) ?? '';
  return line.replace(/^.*?line \d+:\s*/, '').trim();
}

/** Adds what to install for problems we recognise. */
export function explainProblem(problem: string): string {
  if (/cg-proc/.test(problem)) return `${problem} (install the cg3 package)`;
  if (/lrx-proc/.test(problem)) return `${problem} (install the apertium-lex-tools package)`;
  if (/hfst/.test(problem)) return `${problem} (install the hfst package)`;
  return problem;
}

export interface ApertiumMode {
  mode: string;
  source: LanguageCode;
  target: LanguageCode;
  working: boolean;
  problem: string | null;
}

export class Apertium {
  private readonly pipelines = new Map<string, ApertiumPipeline>();

  /** `warm`: translate through long-lived pipelines (apertium-pipeline.ts); off for a stand-in binary. */
  constructor(
    private readonly bin = 'apertium',
    private readonly warm = bin === 'apertium',
  ) {}

  /** Stops the warm pipelines. */
  close(): void {
    for (const pipeline of this.pipelines.values()) pipeline.close();
    this.pipelines.clear();
  }

  /** Installed modes, or null when apertium itself is not installed. */
  async listModes(): Promise<string[] | null> {
    try {
      const { code, stdout } = await run(this.bin, ['-l'], 10_000);
      if (code !== 0) return null;
      return stdout.split('\n').map((l) => l.trim()).filter(Boolean);
    } catch {
      return null;
    }
  }

  /** Every plain mode between supported languages, each probed with a word. */
  async detect(): Promise<ApertiumMode[] | null> {
    const modes = await this.listModes();
    if (!modes) return null;
    const parsed = modes.flatMap((mode) => {
      const pair = parseMode(mode);
      return pair ? [{ mode, ...pair }] : [];
    });
    return Promise.all(
      parsed.map(async (m) => {
        const probe = PROBE[m.source] ?? 'a';
        try {
          // A one-shot run: probing must not leave a warm pipeline for every installed mode.
          await this.translateOnce(probe, m.mode, 15_000);
          return { ...m, working: true, problem: null };
        } catch (error) {
          return { ...m, working: false, problem: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
  }

  /**
   * Translates with one mode: through the mode's warm pipeline, or, when that fails (a broken mode, an
   * old Apertium without null flush), with a one-shot run that says what is wrong.
   */
  async translate(text: string, mode: string, timeoutMs = 15_000 + text.length): Promise<string> {
    if (this.warm && text.trim() !== '') {
      let pipeline = this.pipelines.get(mode);
      if (!pipeline) this.pipelines.set(mode, (pipeline = new ApertiumPipeline(mode)));
      const output = await pipeline.translate(text, timeoutMs).catch(() => '');
      if (output !== '') return output;
    }
    return this.translateOnce(text, mode, timeoutMs);
  }

  /** One `apertium <mode>` run. Rejects on a non-zero exit, a timeout or an empty output. */
  private async translateOnce(text: string, mode: string, timeoutMs: number): Promise<string> {
    let result: RunResult;
    const dir = await mkdtemp(path.join(os.tmpdir(), 'onair-apertium-'));
    try {
      const input = path.join(dir, 'input.txt');
      await writeFile(input, text, { encoding: 'utf8', mode: 0o600 });
      // -u: no '*' marks on unknown words; they pass through as they are.
      result = await run(this.bin, ['-u', mode, input], timeoutMs);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ApertiumError(`Apertium is not installed (${APERTIUM_INSTALL})`);
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const output = result.stdout.replace(/\s+$/, '');
    if (result.code !== 0 || (output === '' && text.trim() !== '')) {
      const problem = firstProblem(result.stderr) || (result.code !== 0 ? `exit code ${result.code}` : 'it produced no output');
      throw new ApertiumError(`Apertium mode ${mode} failed: ${explainProblem(problem)}`);
    }
    return output;
  }
}
