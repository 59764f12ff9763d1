/**
 * Forwards client log entries to an Elasticsearch or OpenSearch endpoint with the bulk API
 * (both speak it: POST {url}/_bulk, newline-delimited JSON, one action line per document).
 */
import type { ClientLogEntry } from '../../shared/user';
import type { ElasticConfig } from '../config';

export interface ForwardedFields {
  avaId?: string;
  receivedAtMs: number;
}

/** The bulk request body: an index action, then the document, for each entry; ends with a newline. */
export function bulkBody(entries: ClientLogEntry[], index: string, fields: ForwardedFields): string {
  const lines: string[] = [];
  for (const entry of entries) {
    lines.push(JSON.stringify({ index: { _index: index } }));
    lines.push(
      JSON.stringify({
        ...entry,
        '@timestamp': new Date(entry.timestamp).toISOString(),
        receivedAt: new Date(fields.receivedAtMs).toISOString(),
        ...(fields.avaId ? { avaId: fields.avaId } : {}),
      }),
    );
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

export type ForwardResult = { ok: true; count: number } | { ok: false; problem: string };

export async function forwardToElastic(
  config: ElasticConfig,
  entries: ClientLogEntry[],
  fields: ForwardedFields,
  fetchImpl: typeof fetch = fetch,
): Promise<ForwardResult> {
  if (entries.length === 0) return { ok: true, count: 0 };
  try {
    const response = await fetchImpl(`${config.url}/_bulk`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-ndjson',
        ...(config.authorization ? { Authorization: config.authorization } : {}),
      },
      body: bulkBody(entries, config.index, fields),
      signal: AbortSignal.timeout(5000),
    });
    const text = await response.text();
    if (!response.ok) return { ok: false, problem: `HTTP ${response.status}: ${text.slice(0, 200)}` };
    // The bulk API answers 200 even when some documents failed; it says so in `errors`.
    const body = JSON.parse(text) as { errors?: boolean };
    if (body.errors) return { ok: false, problem: `some entries were refused: ${text.slice(0, 200)}` };
    return { ok: true, count: entries.length };
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
}
