/**
 * The services every room is given: a room stored as ended is counted in the metrics (and only
 * then); the Premium meter is left out when Premium is for everyone; optional engines are given
 * only when present.
 */
import { describe, expect, it } from 'vitest';
import type { RoomChanges } from '../../../../src/server/rooms/repository';
import type { Embedder } from '../../../../src/server/rooms/speaker-identification';
import type { TranslationEngine } from '../../../../src/server/translation/engine';
import { roomServices, type RoomServicesDeps } from '../../../../src/server/rooms/services';

function setUp(extra: Partial<RoomServicesDeps> = {}) {
  const updates: [string, RoomChanges][] = [];
  const counted: string[] = [];
  const premiumMeter = { start: () => () => {} };
  const services = roomServices({
    rooms: {
      update: async (id, changes) => {
        updates.push([id, changes]);
      },
    },
    countEnded: (roomId) => counted.push(roomId),
    openSpeech: () => ({ ok: true }),
    premiumFor: 'entitled',
    premiumMeter,
    speakerId: { available: false },
    translation: {},
    now: () => 7,
    log: () => {},
    ...extra,
  });
  return { services, updates, counted, premiumMeter };
}

describe('roomServices', () => {
  it('stores a change, and counts the conversation once it is stored as ended', async () => {
    const { services, updates, counted } = setUp();
    await services.updateRoom('room1', { title: 'Standup' });
    expect(counted).toEqual([]);
    await services.updateRoom('room1', { state: 'ended' });
    expect(updates).toEqual([
      ['room1', { title: 'Standup' }],
      ['room1', { state: 'ended' }],
    ]);
    expect(counted).toEqual(['room1']);
  });

  it('does not count an end that could not be stored', async () => {
    const counted: string[] = [];
    const services = roomServices({
      rooms: { update: async () => Promise.reject(new Error('write failed')) },
      countEnded: (roomId) => counted.push(roomId),
      openSpeech: () => ({ ok: true }),
      premiumFor: 'entitled',
      premiumMeter: { start: () => () => {} },
      speakerId: { available: false },
      translation: {},
      now: () => 7,
      log: () => {},
    });
    await expect(services.updateRoom('room1', { state: 'ended' })).rejects.toThrow('write failed');
    expect(counted).toEqual([]);
  });

  it("gives rooms the server's cap of a line, or none (the shared default)", () => {
    expect(setUp({ lineCap: { chars: 800, words: 150 } }).services.lineCap).toEqual({
      chars: 800,
      words: 150,
    });
    expect(setUp().services.lineCap).toBeUndefined();
  });

  it('meters Premium unless it is for everyone', () => {
    const entitled = setUp();
    expect(entitled.services.premiumMeter).toBe(entitled.premiumMeter);
    expect(setUp({ premiumFor: 'everyone' }).services.premiumMeter).toBeUndefined();
  });

  it('gives the optional engines only when there are some', () => {
    const { services } = setUp();
    expect('speakerEmbedder' in services).toBe(false);
    expect('translationEngine' in services).toBe(false);
    expect(services.now()).toBe(7);
    const embedder = {} as Embedder;
    const engine = {} as TranslationEngine;
    const withBoth = setUp({ speakerId: { available: true, embedder }, translation: { engine } }).services;
    expect(withBoth.speakerEmbedder).toBe(embedder);
    expect(withBoth.translationEngine).toBe(engine);
  });
});
