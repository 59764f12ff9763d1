/**
 * A hosted translation service with LibreTranslate's API: `GET /languages` (each language's
 * `code`, `name` and the `targets` it translates to) and `POST /translate` with
 * `{ q, source, target, format: 'text', api_key }`, answering `{ translatedText }` or
 * `{ error }`. Configured by its URL and key (HEARKEN_TRANSLATION_URL, HEARKEN_TRANSLATION_API_KEY).
 */
import { baseLanguage, type LanguagePair } from '../../shared/translation';
import { DEFAULT_TRANSLATION_TIMEOUT_MS, TranslationError, type TranslationEngine } from './engine';

export interface LibreTranslateOptions {
  url: string;
  apiKey?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface LanguageEntry {
  code: string;
  name?: string;
  targets?: string[];
}

/** The directions a `/languages` answer lists (older servers give no targets: every other language). */
export function pairsFromLanguages(body: unknown): LanguagePair[] {
  if (!Array.isArray(body)) throw new Error('GET /languages did not answer a list');
  const entries = body.filter(
    (e): e is LanguageEntry =>
      typeof e === 'object' && e !== null && typeof (e as LanguageEntry).code === 'string',
  );
  const codes = entries.map((e) => baseLanguage(e.code));
  const pairs = new Map<string, LanguagePair>();
  for (const entry of entries) {
    const from = baseLanguage(entry.code);
    const targets = Array.isArray(entry.targets) ? entry.targets.map(baseLanguage) : codes;
    for (const to of targets) if (to !== from) pairs.set(`${from}>${to}`, { from, to });
  }
  return [...pairs.values()];
}

/** The message of a LibreTranslate error body, or the HTTP status. */
function errorMessage(status: number, body: unknown): string {
  const error = (body as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' && error ? `${error} (HTTP ${status})` : `HTTP ${status}`;
}

export class LibreTranslateEngine implements TranslationEngine {
  readonly id: string;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private directions: LanguagePair[] = [];
  private closed = false;

  private constructor(private readonly options: LibreTranslateOptions) {
    this.id = `libretranslate:${new URL(options.url).host}`;
    this.fetch = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TRANSLATION_TIMEOUT_MS;
  }

  /** Asks the service which languages it has; rejects, saying why, when it cannot be reached. */
  static async start(options: LibreTranslateOptions): Promise<LibreTranslateEngine> {
    const engine = new LibreTranslateEngine({ ...options, url: options.url.replace(/\/+$/, '') });
    await engine.refreshLanguages();
    return engine;
  }

  async refreshLanguages(): Promise<void> {
    const response = await this.call('GET', '/languages');
    this.directions = pairsFromLanguages(response);
  }

  pairs(): readonly LanguagePair[] {
    return this.directions;
  }

  async translate(text: string, from: string, to: string): Promise<string> {
    if (this.closed) throw new TranslationError('closed', 'the translation engine has stopped');
    if (!this.directions.some((p) => p.from === from && p.to === to))
      throw new TranslationError('no-pair', `${this.id} does not translate ${from} to ${to}`);
    const body = await this.call('POST', '/translate', {
      q: text,
      source: from,
      target: to,
      format: 'text',
      ...(this.options.apiKey ? { api_key: this.options.apiKey } : {}),
    });
    const translated = (body as { translatedText?: unknown }).translatedText;
    if (typeof translated !== 'string')
      throw new TranslationError('engine-failed', `${this.id} answered without translatedText`);
    return translated.trim();
  }

  private async call(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetch(`${this.options.url}${path}`, {
        method,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new TranslationError('timeout', `${this.id} did not answer within ${this.timeoutMs} ms`);
      throw new TranslationError(
        'engine-failed',
        `${this.id} cannot be reached: ${(error as Error).message}`,
      );
    }
    const parsed: unknown = await response.json().catch(() => undefined);
    if (!response.ok)
      throw new TranslationError('engine-failed', `${this.id}: ${errorMessage(response.status, parsed)}`);
    if (parsed === undefined)
      throw new TranslationError('engine-failed', `${this.id} answered something other than JSON`);
    return parsed;
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
