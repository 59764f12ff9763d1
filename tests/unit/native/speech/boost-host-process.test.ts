import { describe, expect, it } from 'vitest';
import {
  answersPending,
  boostHostEngines,
  crashWarning,
  type PendingMessage,
} from '../../../../src/native/speech/boost-host-process';
import type { EngineSpec } from '../../../../src/native/speech/types';
import type { FromWorker } from '../../../../src/native/speech/worker-protocol';

const pending = (op: PendingMessage['op']): PendingMessage => ({ routeId: 3, op });

describe('answersPending', () => {
  it('events and stream errors answer audio, flush and boost, not a close', () => {
    const events: FromWorker = { op: 'events', streamId: 3, events: [], processed: 960 };
    const error: FromWorker = { op: 'stream-error', streamId: 3, message: 'x' };
    for (const message of [events, error]) {
      expect(answersPending(pending('audio'), message)).toBe(true);
      expect(answersPending(pending('flush'), message)).toBe(true);
      // A close flushes the last utterance: its events come before its 'closed'.
      expect(answersPending(pending('close'), message)).toBe(false);
      expect(answersPending(undefined, message)).toBe(false);
    }
  });

  it('boosted and closed answer the oldest message', () => {
    expect(answersPending(pending('boost'), { op: 'boosted', streamId: 3 })).toBe(true);
    expect(answersPending(pending('close'), { op: 'closed', streamId: 3 })).toBe(true);
  });

  it('ready answers nothing', () => {
    expect(answersPending(pending('audio'), { op: 'ready', engines: {} })).toBe(false);
  });
});

describe('boostHostEngines', () => {
  const ps: EngineSpec = { kind: 'pocketsphinx', modelsDir: '/m' };
  const sherpa: EngineSpec = { kind: 'sherpa-onnx', model: 'zipformer', modelsDir: '/m' };

  it('loads only the names PocketSphinx serves, with only its candidates', () => {
    const engines = { fast: [sherpa, ps], best: [sherpa], fr: [ps] };
    const served = new Set(['fast', 'fr']);
    expect(boostHostEngines(engines, (name) => served.has(name))).toEqual({ fast: [ps], fr: [ps] });
  });
});

describe('crashWarning', () => {
  it('names the list it no longer applies', () => {
    expect(crashWarning('signal SIGSEGV', 2, 40)).toBe(
      'speech boost host died (signal SIGSEGV) with 2 stream(s); the boost list of the stream it ' +
        'was decoding (40 words) is no longer applied; the streams go on from their last final',
    );
  });

  it('blames the stream being decoded even when its list is empty', () => {
    expect(crashWarning('code 1', 1, 0)).toContain('(0 words) is no longer applied');
  });

  it('says when no stream was being decoded', () => {
    expect(crashWarning('code 1', 1, undefined)).toContain('no stream was being decoded');
  });
});
