/** The start-up line about smart recaps: the hosted model and its fallback, or made here. */
import { describe, expect, it } from 'vitest';
import { recapStartupLine } from '../../../../src/server/recap/config';

describe('recapStartupLine', () => {
  it('names the hosted model, or says recaps are made on this server', () => {
    expect(recapStartupLine({ url: 'http://llm:8000/v1', model: 'qwen', timeoutMs: 1000 })).toBe(
      'smart recaps: hosted model qwen at http://llm:8000/v1, made on this server when it fails',
    );
    expect(recapStartupLine(undefined)).toBe(
      'smart recaps: made on this server (extractive); no hosted model configured',
    );
  });
});
