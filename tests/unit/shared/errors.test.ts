import { describe, expect, it } from 'vitest';
import { type AudioError, classifyAudioError, httpErrorMessage } from '../../../src/shared/errors';

/** A browser-like error: DOMException where the platform has it (Node does). */
const dom = (message: string, name: string) => new DOMException(message, name);

describe('classifyAudioError', () => {
  it.each<[string, unknown, AudioError]>([
    ['NotAllowedError', dom('Permission denied', 'NotAllowedError'), 'PERMISSION_DENIED'],
    ['NotAllowedError without a message', { name: 'NotAllowedError' }, 'PERMISSION_DENIED'],
    [
      'PermissionDeniedError (old Chrome)',
      { name: 'PermissionDeniedError', message: '' },
      'PERMISSION_DENIED',
    ],
    ['SecurityError', { name: 'SecurityError', message: 'insecure' }, 'PERMISSION_DENIED'],
    // Chrome's closed prompt is a NotAllowedError too: its message decides.
    ['Permission dismissed', dom('Permission dismissed', 'NotAllowedError'), 'PERMISSION_DISMISSED'],
    ['dismissed in a plain Error', new Error('The prompt was dismissed'), 'PERMISSION_DISMISSED'],
    ['NotFoundError', dom('Requested device not found', 'NotFoundError'), 'NO_AUDIO_INPUTS'],
    ['DevicesNotFoundError (old Chrome)', { name: 'DevicesNotFoundError' }, 'NO_AUDIO_INPUTS'],
    [
      'requested device not found in a plain Error',
      new Error('Requested device not found'),
      'NO_AUDIO_INPUTS',
    ],
    ['permission denied in the message', new Error('Permission denied by system'), 'PERMISSION_DENIED'],
    ['PERMISSION DENIED in capitals', new Error('MIC PERMISSION DENIED'), 'PERMISSION_DENIED'],
    [
      'not allowed in the message',
      new Error('The request is not allowed by the user agent'),
      'PERMISSION_DENIED',
    ],
    ['a bare string', 'permission denied', 'PERMISSION_DENIED'],
    ['screen recording', new Error('User not authorized screen recording'), 'NO_SCREEN_SHARE'],
    ['screen share', new Error('screen share was stopped'), 'NO_SCREEN_SHARE'],
    ['AudioContext', new Error('Failed to construct AudioContext'), 'FAILED_TO_INIT_AUDIO_CONTEXT'],
    ['audio context', new Error('The audio context could not start'), 'FAILED_TO_INIT_AUDIO_CONTEXT'],
    ['an unknown Error', new Error('boom'), 'GENERIC'],
    ['an unknown DOMException', dom('overconstrained', 'OverconstrainedError'), 'GENERIC'],
    ['an empty object', {}, 'GENERIC'],
    ['undefined', undefined, 'GENERIC'],
    ['null', null, 'GENERIC'],
    ['a number', 42, 'GENERIC'],
  ])('%s -> %s', (_, error, expected) => {
    expect(classifyAudioError(error)).toBe(expected);
  });
});

describe('httpErrorMessage', () => {
  it.each<[string, unknown, string]>([
    [
      'nested error.content.message first',
      { error: { content: { message: 'A' } }, msg: 'B', name: 'C' },
      'A',
    ],
    [
      'msg when the nested message is empty',
      { error: { content: { message: '' } }, msg: 'B', name: 'C' },
      'B',
    ],
    ['msg when the nested message is not a string', { error: { content: { message: 7 } }, msg: 'B' }, 'B'],
    ['msg when content has no message', { error: { content: {} }, msg: 'B', name: 'C' }, 'B'],
    ['msg when content is null', { error: { content: null }, msg: 'B' }, 'B'],
    ['msg when error is a string', { error: 'oops', msg: 'B', name: 'C' }, 'B'],
    ['msg alone', { msg: 'B' }, 'B'],
    ['name when msg is missing', { error: null, name: 'C' }, 'C'],
    ['name when msg is not a string', { msg: 5, name: 'C' }, 'C'],
    ['name when msg is empty', { msg: '', name: 'C' }, 'C'],
    ['the fallback when nothing usable is there', { msg: '', name: '' }, 'fallback'],
    ['the fallback for an empty object', {}, 'fallback'],
    ['the fallback for null', null, 'fallback'],
    ['the fallback for undefined', undefined, 'fallback'],
    ['the fallback for a string body', 'Internal Server Error', 'fallback'],
  ])('takes %s', (_, body, expected) => {
    expect(httpErrorMessage(body, 'fallback')).toBe(expected);
  });
});
