/**
 * The text-to-speech engine at start-up: turned off, voiced replies are off and the log says why;
 * a program that is not there is the same, never a crash.
 */
import { describe, expect, it } from 'vitest';
import { startTts } from '../../../../src/server/voiced-replies/engine';

function lines() {
  const said: string[] = [];
  return {
    said,
    log: { info: (m: string) => said.push(`info ${m}`), warn: (m: string) => said.push(`warn ${m}`) },
  };
}

describe('startTts', () => {
  it('says text-to-speech is off when it is turned off', async () => {
    const { said, log } = lines();
    const tts = await startTts({ kind: 'off' }, log);
    expect(tts.ok).toBe(false);
    expect(said).toEqual(['warn text-to-speech is off: text-to-speech is turned off on this server']);
  });

  it('says why when its program is missing', async () => {
    const { said, log } = lines();
    const tts = await startTts({ kind: 'espeak-ng', program: '/nonexistent/espeak-ng' }, log);
    expect(tts.ok).toBe(false);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^warn text-to-speech is off: /);
  });
});
