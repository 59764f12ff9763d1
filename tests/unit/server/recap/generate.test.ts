import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateSmartRecap } from '../../../../src/server/recap/generate';
import { loadRecapConfig } from '../../../../src/server/recap/config';
import { modelPrompt, parseModelAnswer } from '../../../../src/server/recap/hosted-model';
import { type ChatStandIn, startChatCompletionsStandIn } from '../../../helpers/chat-completions-stand-in';
import { spoken, typed } from '../../../helpers/transcript-fixture';

const KEY = 'sk-test-recap';
const lines = [
  spoken('a', 'Ann', 0, 'the library roof repair budget'),
  typed('b', 'Bob', 4_000, 'Council approval comes next month.'),
  spoken('a', 'Ann', 8_000, 'we will meet the builders on friday'),
];

describe('generateSmartRecap with a hosted model', () => {
  let standIn: ChatStandIn;
  const warnings: string[] = [];
  const deps = (timeoutMs = 5_000, apiKey = KEY) => ({
    hosted: { url: standIn.url, apiKey, model: 'stand-in-1', timeoutMs },
    now: () => 1234,
    warn: (m: string) => warnings.push(m),
  });

  beforeAll(async () => {
    standIn = await startChatCompletionsStandIn(KEY);
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.behaviour = 'summarise';
    standIn.requests.length = 0;
    warnings.length = 0;
  });

  it('says the model made it, and each point links to a line', async () => {
    const recap = await generateSmartRecap('room-1', lines, deps());
    expect(recap).toEqual({
      roomId: 'room-1',
      method: 'language-model',
      model: 'stand-in-1',
      points: [
        {
          text: 'Summary of: the library roof repair budget',
          transcriptId: lines[0]!.id,
          index: lines[0]!.index,
        },
        {
          text: 'Summary of: we will meet the builders on friday',
          transcriptId: lines[2]!.id,
          index: lines[2]!.index,
        },
      ],
      keywords: ['stand-in'],
      createdAtMs: 1234,
    });
    const request = standIn.requests[0]!;
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe('stand-in-1');
    expect(request.body.messages?.find((m) => m.role === 'user')?.content).toBe(modelPrompt(lines));
  });

  it.each([
    ['fail', 'the language model answered HTTP 500'],
    ['not-json', 'the model did not answer JSON'],
    ['unknown-line', 'the model named no line of the transcript'],
  ] as const)(
    'falls back to the extractive recap, saying why, when the model answers %s',
    async (behaviour, reason) => {
      standIn.behaviour = behaviour;
      const recap = await generateSmartRecap('room-1', lines, deps());
      expect(recap.method).toBe('extractive');
      expect(recap.model).toBeUndefined();
      expect(recap.fallbackReason).toBe(reason);
      expect(recap.points.length).toBeGreaterThan(0);
      expect(warnings).toHaveLength(1);
    },
  );

  it('falls back when the key is refused', async () => {
    const recap = await generateSmartRecap('room-1', lines, deps(5_000, 'sk-wrong'));
    expect(recap.fallbackReason).toBe('the language model answered HTTP 401');
  });

  it('falls back when the model is too slow', async () => {
    standIn.behaviour = 'slow';
    const recap = await generateSmartRecap('room-1', lines, deps(200));
    expect(recap.fallbackReason).toBe('the language model timed out');
  });

  it('falls back when nothing listens at the URL', async () => {
    const recap = await generateSmartRecap('room-1', lines, {
      hosted: { url: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2_000 },
      now: () => 1,
      warn: () => {},
    });
    expect(recap.fallbackReason).toBe('the language model could not be reached');
  });

  it('asks no model for an empty conversation', async () => {
    const recap = await generateSmartRecap('room-1', [], deps());
    expect(recap).toEqual({
      roomId: 'room-1',
      method: 'extractive',
      points: [],
      keywords: [],
      createdAtMs: 1234,
    });
    expect(standIn.requests).toHaveLength(0);
  });
});

describe('without a hosted model', () => {
  it('makes the recap on the server and says so', async () => {
    const recap = await generateSmartRecap('room-2', lines, { now: () => 5, warn: () => {} });
    expect(recap.method).toBe('extractive');
    expect(recap.fallbackReason).toBeUndefined();
    expect(recap.points).toHaveLength(1);
    expect(lines.map((l) => l.id)).toContain(recap.points[0]!.transcriptId);
  });
});

describe('the model answer', () => {
  it('keeps only points that name a real line, and at most five', () => {
    const answer = JSON.stringify({
      points: [
        { text: 'Real', line: lines[1]!.index },
        { text: 'Invented', line: -4 },
        { text: '', line: lines[0]!.index },
      ],
      keywords: ['roof', 3, ''],
    });
    expect(parseModelAnswer(answer, lines)).toEqual({
      points: [{ text: 'Real', transcriptId: lines[1]!.id, index: lines[1]!.index }],
      keywords: ['roof'],
    });
  });
});

describe('recap configuration', () => {
  it('is off without a URL and refuses a URL without a model or a bad timeout', () => {
    expect(loadRecapConfig({})).toBeUndefined();
    expect(() => loadRecapConfig({ HEARKEN_RECAP_MODEL_URL: 'http://x/v1' })).toThrow(/HEARKEN_RECAP_MODEL/);
    expect(() => loadRecapConfig({ HEARKEN_RECAP_MODEL_URL: 'ftp://x' })).toThrow(/http\(s\) URL/);
    expect(() =>
      loadRecapConfig({
        HEARKEN_RECAP_MODEL_URL: 'http://x/v1',
        HEARKEN_RECAP_MODEL: 'm',
        HEARKEN_RECAP_TIMEOUT_MS: '-1',
      }),
    ).toThrow(/positive whole number/);
    expect(
      loadRecapConfig({
        HEARKEN_RECAP_MODEL_URL: 'http://x/v1/',
        HEARKEN_RECAP_MODEL: 'm',
        HEARKEN_RECAP_MODEL_KEY: 'k',
      }),
    ).toEqual({ url: 'http://x/v1', model: 'm', apiKey: 'k', timeoutMs: 30_000 });
  });
});
