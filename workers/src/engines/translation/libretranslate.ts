/**
 * A LibreTranslate-compatible HTTP engine (TRANSLATE_URL): POST {q, source, target, format} to
 * `/translate` answers {translatedText}; GET `/languages` lists what the server offers. Self-hosted
 * LibreTranslate, or any service speaking the same API.
 */
import type { LanguageCode } from '@onair/protocol';

export class LibreTranslateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LibreTranslateError';
  }
}

export class LibreTranslate {
  private readonly base: string;

  constructor(
    url: string,
    private readonly apiKey?: string,
  ) {
    this.base = url.replace(/\/+$/, '');
  }

  get url(): string {
    return this.base;
  }

  /** The server's language codes (e.g. 'en', 'es', 'zh-Hans'). */
  async languages(timeoutMs = 3000): Promise<string[]> {
    const response = await fetch(`${this.base}/languages`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new LibreTranslateError(`${this.base}/languages answered ${response.status}`);
    const body = (await response.json()) as { code?: unknown }[];
    if (!Array.isArray(body)) throw new LibreTranslateError(`${this.base}/languages did not answer a list`);
    return body.map((l) => String(l.code ?? '')).filter(Boolean);
  }

  async translate(text: string, source: string, target: string, timeoutMs = 30_000): Promise<string> {
    let response: Response;
    try {
      response = await fetch(`${this.base}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ q: text, source, target, format: 'text', ...(this.apiKey ? { api_key: this.apiKey } : {}) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new LibreTranslateError(`The translation service at ${this.base} did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    const body = (await response.json().catch(() => ({}))) as { translatedText?: unknown; error?: unknown };
    if (!response.ok) {
      throw new LibreTranslateError(`The translation service at ${this.base} answered ${response.status}${body.error ? `: ${String(body.error)}` : ''}`);
    }
    if (typeof body.translatedText !== 'string' || (body.translatedText.trim() === '' && text.trim() !== '')) {
      throw new LibreTranslateError(`The translation service at ${this.base} answered no translation`);
    }
    return body.translatedText;
  }
}

/**
 * The server's code for one of ours: the same code, or a script variant ('zh' → 'zh-Hans' on newer
 * LibreTranslate). Undefined when the server does not offer the language.
 */
export function serverLanguageCode(code: LanguageCode, offered: readonly string[] | null): string | undefined {
  if (offered === null) return code;
  if (offered.includes(code)) return code;
  return offered.find((c) => c.startsWith(`${code}-`));
}
