/**
 * A smart recap written by a hosted language model through an OpenAI-compatible chat
 * completions API. The model is given the numbered lines and must answer JSON whose points each
 * name the line they come from, so every point still links to its place in the transcript; an
 * answer that does not is refused (and the caller falls back to the extractive recap).
 */
import type { Transcript } from '../../shared/entities';
import { RECAP_MAX_KEYWORDS, RECAP_MAX_POINTS, type RecapPoint } from '../../shared/recap/smart-recap';
import type { HostedRecapConfig } from './config';

/** The most transcript text sent in one request: long conversations are cut at a line. */
export const RECAP_MODEL_MAX_CHARS = 48_000;

export class RecapModelError extends Error {}

const INSTRUCTIONS = `You summarise a conversation transcript for deaf and hard-of-hearing readers.
Each line is "[n] Speaker: text". Answer only JSON of this shape:
{"points":[{"text":"one short sentence","line":n}],"keywords":["word"]}
Give at most ${RECAP_MAX_POINTS} points, in the order they were discussed, each naming the line number it summarises,
and at most ${RECAP_MAX_KEYWORDS} keywords. Use the conversation's language. Do not invent facts.`;

/** The numbered lines the model reads (its line numbers are the transcripts' indexes). */
export function modelPrompt(transcripts: readonly Transcript[]): string {
  const lines: string[] = [];
  let size = 0;
  for (const t of transcripts) {
    if (!t.isFinal || t.gap) continue;
    const text = (t.texts[t.speechLang] ?? Object.values(t.texts)[0] ?? '').trim();
    if (!text) continue;
    const line = `[${t.index}] ${t.authorShow || 'Speaker'}: ${text}`;
    if (size + line.length > RECAP_MODEL_MAX_CHARS) break;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

/** The model's answer as points and keywords, or why it cannot be used. */
export function parseModelAnswer(
  content: string,
  transcripts: readonly Transcript[],
): { points: RecapPoint[]; keywords: string[] } {
  // Some models wrap JSON in a Markdown fence.
  const json = content.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new RecapModelError('the model did not answer JSON');
  }
  const answer = parsed as { points?: unknown; keywords?: unknown };
  if (!Array.isArray(answer.points)) throw new RecapModelError('the model gave no points');
  const byIndex = new Map(transcripts.map((t) => [t.index, t]));
  const points: RecapPoint[] = [];
  for (const p of answer.points.slice(0, RECAP_MAX_POINTS) as unknown[]) {
    const point = p as { text?: unknown; line?: unknown };
    if (typeof point.text !== 'string' || !point.text.trim()) continue;
    const line = typeof point.line === 'number' ? byIndex.get(point.line) : undefined;
    // A point that names no real line cannot link to the transcript: left out.
    if (!line) continue;
    points.push({ text: point.text.trim().slice(0, 500), transcriptId: line.id, index: line.index });
  }
  if (points.length === 0) throw new RecapModelError('the model named no line of the transcript');
  const keywords = Array.isArray(answer.keywords)
    ? (answer.keywords as unknown[])
        .filter((k): k is string => typeof k === 'string' && k.trim().length > 0)
        .map((k) => k.trim().slice(0, 60))
        .slice(0, RECAP_MAX_KEYWORDS)
    : [];
  return { points, keywords };
}

export async function hostedRecap(
  config: HostedRecapConfig,
  transcripts: readonly Transcript[],
  fetcher: typeof fetch = fetch,
): Promise<{ points: RecapPoint[]; keywords: string[] }> {
  let response: Response;
  try {
    response = await fetcher(`${config.url}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: modelPrompt(transcripts) },
        ],
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
    throw new RecapModelError(`the language model ${reason}`);
  }
  if (!response.ok) throw new RecapModelError(`the language model answered HTTP ${response.status}`);
  const body = (await response.json().catch(() => undefined)) as
    { choices?: { message?: { content?: unknown } }[] } | undefined;
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new RecapModelError('the language model gave no message');
  return parseModelAnswer(content, transcripts);
}
