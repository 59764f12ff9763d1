import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACTORS,
  HTTP_ACCESS,
  SOCKET_ACCESS,
  allows,
  renderAccessTable,
  roomActor,
  socketActionsOf,
} from '../../../../src/server/auth/access';
import { CLIENT_MESSAGE_TYPES, type ClientMessage } from '../../../../src/shared/protocol';
import { accessTableOf, tableCells } from '../../../../scripts/lib/access-doc';

describe('the authorisation table', () => {
  it('is what docs/security.md shows (npm run docs:security writes it)', () => {
    const doc = readFileSync(new URL('../../../../docs/security.md', import.meta.url), 'utf8');
    const shown = accessTableOf(doc);
    expect(shown, 'docs/security.md has lost its table markers').toBeDefined();
    expect(tableCells(shown!)).toEqual(tableCells(renderAccessTable()));
  });

  it('gives every client message type its actions, and every action a row', () => {
    for (const type of CLIENT_MESSAGE_TYPES) {
      const actions = socketActionsOf({ type } as ClientMessage);
      expect(actions.length, type).toBeGreaterThan(0);
      for (const action of actions) expect(Object.hasOwn(SOCKET_ACCESS, action), action).toBe(true);
    }
  });

  it('names the field-specific powers of connection-params-update and audio', () => {
    expect(
      socketActionsOf({ type: 'connection-params-update', state: { value: 'ended' }, usePaidASR: true }),
    ).toEqual([
      'connection-params-update',
      'connection-params-update.usePaidASR',
      'connection-params-update.state',
    ]);
    expect(socketActionsOf({ type: 'connection-params-update', downAudio: true })).toEqual([
      'connection-params-update',
    ]);
    expect(socketActionsOf({ type: 'audio', action: 'stop' })).toEqual(['audio.stop']);
  });

  it('keeps the powers of a room with its host, and never gives an outsider a room or an account route', () => {
    for (const action of [
      'connection-params-update.state',
      'connection-params-update.conversationMode',
      'update-title',
      'update-transcript-owner',
    ] as const) {
      expect(ACTORS.filter((a) => allows(SOCKET_ACCESS[action], a))).toEqual(['host']);
    }
    for (const action of ['audio.start', 'audio-frame', 'reset-recorder'] as const) {
      expect(ACTORS.filter((a) => allows(SOCKET_ACCESS[action], a))).toEqual(['host', 'rw-member']);
    }
    for (const [key, row] of Object.entries(HTTP_ACCESS)) {
      if (row.scope === 'room') expect(allows(row, 'outsider'), key).toBe(false);
      if (key.includes('/users/') || key === 'POST /updateSettings') {
        expect(allows(row, 'guest', true), key).toBe(false);
        expect(allows(row, 'outsider'), key).toBe(false);
      }
    }
  });

  it('lets own cells through only on the caller’s own record', () => {
    const row = HTTP_ACCESS['GET /api/v1/guest-users/:avaId'];
    expect(allows(row, 'guest', true)).toBe(true);
    expect(allows(row, 'guest', false)).toBe(false);
    expect(allows(row, 'account', true)).toBe(false);
  });
});

describe('roomActor', () => {
  const ongoing = { hostAvaId: 'h', ended: false };
  const ended = { hostAvaId: 'h', ended: true };
  it('tells apart host, members by link, scribes and non-members', () => {
    expect(roomActor({ kind: 'guest', avaId: 'h' }, ongoing, undefined)).toBe('host');
    expect(roomActor({ kind: 'guest', avaId: 'g' }, ongoing, { readonly: false, role: 'participant' })).toBe(
      'rw-member',
    );
    expect(roomActor({ kind: 'guest', avaId: 'g' }, ongoing, { readonly: true, role: 'participant' })).toBe(
      'ro-member',
    );
    expect(roomActor({ kind: 'account', avaId: 's' }, ongoing, { readonly: false, role: 'scribe' })).toBe(
      'scribe',
    );
    // A read-only membership writes nothing, whatever role it carries.
    expect(roomActor({ kind: 'account', avaId: 's' }, ongoing, { readonly: true, role: 'scribe' })).toBe(
      'ro-member',
    );
    expect(roomActor({ kind: 'guest', avaId: 'g' }, ongoing, undefined)).toBe('guest');
    expect(roomActor({ kind: 'account', avaId: 'a' }, ongoing, undefined)).toBe('account');
    expect(roomActor({ kind: 'outsider' }, ongoing, undefined)).toBe('outsider');
  });

  it('makes every member of an ended room an ended-member, and everyone else a stranger', () => {
    expect(roomActor({ kind: 'guest', avaId: 'h' }, ended, undefined)).toBe('ended-member');
    expect(roomActor({ kind: 'guest', avaId: 'g' }, ended, { readonly: false, role: 'participant' })).toBe(
      'ended-member',
    );
    expect(roomActor({ kind: 'guest', avaId: 'x' }, ended, undefined)).toBe('stranger');
    // An outsider is not even a stranger: it proved nothing.
    expect(roomActor({ kind: 'outsider' }, ended, undefined)).toBe('outsider');
  });
});
