/**
 * The server's translation, as the rest of it sees it: the engine chosen by configuration, or
 * none with the reason (no pair installed, the service unreachable, turned off). Starting never
 * throws: without translation the captions still work, and the language list says why it is off.
 */
import {
  type LanguagePair,
  readingLanguagesFrom,
  type TranslationLanguagesResponse,
} from '../../shared/translation';
import { ApertiumEngine } from './apertium';
import type { TranslationConfig } from './config';
import type { TranslationEngine } from './engine';
import { LibreTranslateEngine } from './libretranslate';

export interface TranslationService {
  /** Undefined when translation is off. */
  readonly engine: TranslationEngine | undefined;
  /** Why it is off, in words. */
  readonly problem: string | undefined;
  pairs(): readonly LanguagePair[];
  /** The answer of GET /api/v1/translation-languages. */
  languages(from?: string): TranslationLanguagesResponse;
  close(): Promise<void>;
}

type Log = (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;

export function translationService(
  engine: TranslationEngine | undefined,
  problem?: string,
): TranslationService {
  const pairs = () => engine?.pairs() ?? [];
  return {
    engine,
    problem: engine ? undefined : problem,
    pairs,
    languages(from) {
      return {
        available: engine !== undefined,
        engine: engine?.id ?? '',
        ...(engine ? {} : { problem: problem ?? 'translation is off' }),
        pairs: [...pairs()],
        ...(from ? { from, languages: readingLanguagesFrom(from, pairs()) } : {}),
      };
    },
    close: async () => engine?.close(),
  };
}

export async function startTranslation(config: TranslationConfig, log: Log): Promise<TranslationService> {
  if (config.engine === 'off')
    return translationService(undefined, 'translation is turned off on this server');
  if (config.engine === 'libretranslate') {
    try {
      const engine = await LibreTranslateEngine.start(config);
      if (engine.pairs().length === 0) {
        await engine.close();
        return off(log, `${engine.id} offers no language pair`);
      }
      log('info', `translation: ${engine.id} (${engine.pairs().length} directions)`);
      return translationService(engine);
    } catch (error) {
      return off(log, `the translation service cannot be used: ${(error as Error).message}`);
    }
  }
  const engine = new ApertiumEngine({ modesDir: config.modesDir, timeoutMs: config.timeoutMs, log });
  if (engine.pairs().length === 0) {
    return off(
      log,
      `no Apertium language pair is installed in ${config.modesDir} (install apertium and a pair such as apertium-eng-spa)`,
    );
  }
  log(
    'info',
    `translation: apertium (${engine
      .pairs()
      .map((p) => `${p.from}>${p.to}`)
      .join(', ')})`,
  );
  return translationService(engine);
}

function off(log: Log, problem: string): TranslationService {
  log('warn', `translation is off: ${problem}`);
  return translationService(undefined, problem);
}
