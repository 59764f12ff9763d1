/**
 * The optional hosted language model for smart recaps, from the environment (an OpenAI-compatible
 * chat completions API):
 * - HEARKEN_RECAP_MODEL_URL: the API's base URL (`…/v1`; `/chat/completions` is added);
 * - HEARKEN_RECAP_MODEL_KEY: its key, sent as a bearer token (optional for a local server);
 * - HEARKEN_RECAP_MODEL: the model's name (required with a URL);
 * - HEARKEN_RECAP_TIMEOUT_MS: how long one recap may take (default 30000).
 * Without a URL every recap is made on this server (extractive).
 */
export interface HostedRecapConfig {
  url: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export const DEFAULT_RECAP_TIMEOUT_MS = 30_000;

export function loadRecapConfig(env: Record<string, string | undefined>): HostedRecapConfig | undefined {
  const url = env.HEARKEN_RECAP_MODEL_URL?.trim().replace(/\/+$/, '');
  if (!url) return undefined;
  if (!/^https?:\/\//.test(url))
    throw new Error(`HEARKEN_RECAP_MODEL_URL must be an http(s) URL, got "${url}"`);
  const model = env.HEARKEN_RECAP_MODEL?.trim();
  if (!model) throw new Error('HEARKEN_RECAP_MODEL_URL needs HEARKEN_RECAP_MODEL (the model to ask)');
  const rawTimeout = env.HEARKEN_RECAP_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_RECAP_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`HEARKEN_RECAP_TIMEOUT_MS must be a positive whole number, got "${rawTimeout}"`);
  }
  const apiKey = env.HEARKEN_RECAP_MODEL_KEY?.trim();
  return { url, model, timeoutMs, ...(apiKey ? { apiKey } : {}) };
}

/** Said once at start-up: where smart recaps are made. */
export function recapStartupLine(hosted: HostedRecapConfig | undefined): string {
  return hosted
    ? `smart recaps: hosted model ${hosted.model} at ${hosted.url}, made on this server when it fails`
    : 'smart recaps: made on this server (extractive); no hosted model configured';
}
