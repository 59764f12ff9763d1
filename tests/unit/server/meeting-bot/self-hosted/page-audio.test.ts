import { describe, expect, it } from 'vitest';
import {
  AUDIO_BINDING,
  PAGE_AUDIO_SCRIPT,
  SPEAK_FUNCTION,
  decodePageChunk,
} from '../../../../../src/server/meeting-bot/self-hosted/page-audio';

describe('the self-hosted bot’s page audio', () => {
  it('a chunk the page sends (little-endian Int16, base64) comes back as the same samples', () => {
    const samples = new Int16Array([0, 1, -1, 32_767, -32_768, 1234]);
    const base64 = Buffer.from(samples.buffer).toString('base64');
    expect([...decodePageChunk(base64)]).toEqual([...samples]);
  });

  it('the script the page gets is valid JavaScript naming the binding and the speak function', () => {
    expect(() => new Function(PAGE_AUDIO_SCRIPT)).not.toThrow();
    expect(PAGE_AUDIO_SCRIPT).toContain(`window.${AUDIO_BINDING}(`);
    expect(PAGE_AUDIO_SCRIPT).toContain(`window.${SPEAK_FUNCTION} =`);
  });
});
