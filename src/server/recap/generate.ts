/**
 * generateSmartRecap (the spec's name): the recap of a finished conversation. With a hosted
 * model configured it is asked first; when it fails the recap is made here and says why, so the
 * page never claims a model wrote what this server extracted.
 */
import type { Transcript } from '../../shared/entities';
import type { SmartRecap } from '../../shared/recap/smart-recap';
import type { HostedRecapConfig } from './config';
import { extractiveRecap } from './extractive';
import { RecapModelError, hostedRecap } from './hosted-model';

export interface RecapDeps {
  hosted?: HostedRecapConfig;
  fetcher?: typeof fetch;
  now(): number;
  warn(message: string): void;
}

export async function generateSmartRecap(
  roomId: string,
  transcripts: readonly Transcript[],
  deps: RecapDeps,
): Promise<SmartRecap> {
  let fallbackReason: string | undefined;
  if (deps.hosted && transcripts.some((t) => t.isFinal && !t.gap)) {
    try {
      const made = await hostedRecap(deps.hosted, transcripts, deps.fetcher);
      return { roomId, method: 'language-model', model: deps.hosted.model, ...made, createdAtMs: deps.now() };
    } catch (error) {
      if (!(error instanceof RecapModelError)) throw error;
      fallbackReason = error.message;
      deps.warn(`smart recap of ${roomId}: ${error.message}; made on this server instead`);
    }
  }
  return {
    roomId,
    method: 'extractive',
    ...extractiveRecap(transcripts),
    createdAtMs: deps.now(),
    ...(fallbackReason ? { fallbackReason } : {}),
  };
}
