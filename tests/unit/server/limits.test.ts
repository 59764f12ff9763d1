import { describe, expect, it } from 'vitest';
import { LIMIT_VARIABLES, loadLimits, perAddressOf, SPEECH_LOAD_LIMIT } from '../../../src/server/limits';
import { LINE_MAX_CHARS, LINE_MAX_WORDS } from '../../../src/shared/transcript-edit/line-cap';

describe('server limits', () => {
  it('has defaults sized for honest use, the decoder cap following the workers', () => {
    const limits = loadLimits({}, 2);
    expect(limits.maxDecoders).toBe(16);
    expect(limits.speechLoadLimit).toBe(SPEECH_LOAD_LIMIT);
    expect(limits.connectTimeoutMs).toBe(10_000);
    expect(limits.liveRoomsPerIdentity).toBe(5);
    expect(limits.streamBacklogSeconds).toBe(30);
    expect(limits.admissionCooldownMs).toBe(60_000);
    expect(limits.roomAbandonMs).toBe(4 * 60 * 60_000);
    expect(limits.nameLookups).toEqual({ ratePerSecond: 1, burst: 60 });
    expect(limits.transcriptPages).toEqual({ ratePerSecond: 1, burst: 20 });
    expect(limits.lineEdits).toEqual({ ratePerSecond: 2, burst: 40 });
    expect(limits.maxLineChars).toBe(LINE_MAX_CHARS);
    expect(limits.maxLineWords).toBe(LINE_MAX_WORDS);
    expect(limits.premiumFor).toBe('entitled');
    expect(limits.scribesFor).toBe('organizations');
    expect(limits.boostFor).toBe('subscribers');
    expect(loadLimits({}, 4).maxDecoders).toBe(32);
  });

  it('stops a recording without audio, or an offer never completed, after 15 s: longer than a browser tries (F-01)', () => {
    const limits = loadLimits({}, 1);
    expect(limits.streamSilentMs).toBe(15_000);
    expect(limits.webrtcConnectMs).toBe(15_000);
    const set = loadLimits(
      { [LIMIT_VARIABLES.streamSilentMs]: '1.5', [LIMIT_VARIABLES.webrtcConnectMs]: '2' },
      1,
    );
    expect([set.streamSilentMs, set.webrtcConnectMs]).toEqual([1500, 2000]);
    expect(() => loadLimits({ [LIMIT_VARIABLES.streamSilentMs]: '0' }, 1)).toThrow(
      'HEARKEN_STREAM_SILENT_SECONDS must be a positive number',
    );
  });

  it('stops a free solo conversation after the spec’s 100 s, shorter only where set (tests)', () => {
    expect(loadLimits({}, 1).autoStopMs).toBe(100_000);
    expect(loadLimits({ [LIMIT_VARIABLES.autoStopMs]: '2.5' }, 1).autoStopMs).toBe(2_500);
    expect(LIMIT_VARIABLES.autoStopMs).toBe('HEARKEN_AUTO_STOP_SECONDS');
  });

  it('gives each identity an hour’s allowance of client log entries and bytes (issue 29, F-11)', () => {
    expect(loadLimits({}, 1).clientLogEntries).toEqual({ ratePerSecond: 1000 / 3600, burst: 1000 });
    expect(loadLimits({}, 1).clientLogBytes).toEqual({
      ratePerSecond: (2048 * 1024) / 3600,
      burst: 2048 * 1024,
    });
    const set = loadLimits(
      { [LIMIT_VARIABLES.clientLogEntries]: '36', [LIMIT_VARIABLES.clientLogBytes]: '1' },
      1,
    );
    expect(set.clientLogEntries).toEqual({ ratePerSecond: 0.01, burst: 36 });
    expect(set.clientLogBytes.burst).toBe(1024);
  });

  it('reads every limit from its variable', () => {
    const limits = loadLimits(
      {
        [LIMIT_VARIABLES.maxDecoders]: '3',
        [LIMIT_VARIABLES.speechLoadLimit]: '0.6',
        [LIMIT_VARIABLES.socketsPerAddress]: '7',
        [LIMIT_VARIABLES.audioStarts]: '6',
        [LIMIT_VARIABLES.typedMessages]: '12',
        [LIMIT_VARIABLES.ttsRequests]: '6',
        [LIMIT_VARIABLES.transcriptPages]: '30',
        [LIMIT_VARIABLES.lineEdits]: '30',
        [LIMIT_VARIABLES.maxLineChars]: '800',
        [LIMIT_VARIABLES.maxLineWords]: '150',
        [LIMIT_VARIABLES.admissionCooldownMs]: '90',
        [LIMIT_VARIABLES.premiumFor]: 'everyone',
        [LIMIT_VARIABLES.scribesFor]: 'everyone',
        [LIMIT_VARIABLES.boostFor]: 'everyone',
      },
      2,
    );
    expect(limits).toMatchObject({
      maxDecoders: 3,
      speechLoadLimit: 0.6,
      socketsPerAddress: 7,
      maxLineChars: 800,
      maxLineWords: 150,
      admissionCooldownMs: 90_000,
      premiumFor: 'everyone',
      scribesFor: 'everyone',
      boostFor: 'everyone',
    });
    expect(limits.audioStarts).toEqual({ ratePerSecond: 0.1, burst: 6 });
    expect(limits.typedMessages).toEqual({ ratePerSecond: 0.2, burst: 12 });
    expect(limits.ttsRequests).toEqual({ ratePerSecond: 0.1, burst: 6 });
    expect(limits.transcriptPages).toEqual({ ratePerSecond: 0.5, burst: 10 });
    expect(limits.lineEdits).toEqual({ ratePerSecond: 0.5, burst: 10 });
    expect(perAddressOf(limits.transcriptPages)).toEqual({ ratePerSecond: 5, burst: 100 });
  });

  it('refuses a value that is not a positive number, naming the variable', () => {
    expect(() => loadLimits({ [LIMIT_VARIABLES.maxDecoders]: '0' }, 2)).toThrow(/HEARKEN_MAX_DECODERS/);
    expect(() => loadLimits({ [LIMIT_VARIABLES.speechLoadLimit]: '80' }, 2)).toThrow(
      /HEARKEN_SPEECH_LOAD_LIMIT must be a share between 0 and 1/,
    );
    expect(() => loadLimits({ [LIMIT_VARIABLES.connectTimeoutMs]: 'soon' }, 2)).toThrow(
      /HEARKEN_CONNECT_TIMEOUT_MS/,
    );
    expect(() => loadLimits({ [LIMIT_VARIABLES.maxLineChars]: '-5' }, 2)).toThrow(/HEARKEN_MAX_LINE_CHARS/);
    expect(() => loadLimits({ [LIMIT_VARIABLES.premiumFor]: 'all' }, 2)).toThrow(/HEARKEN_PREMIUM_FOR/);
    expect(() => loadLimits({ [LIMIT_VARIABLES.scribesFor]: 'schools' }, 2)).toThrow(/HEARKEN_SCRIBES_FOR/);
    expect(() => loadLimits({ [LIMIT_VARIABLES.boostFor]: 'pro' }, 2)).toThrow(/HEARKEN_BOOST_FOR/);
  });
});
