import { describe, expect, it } from 'vitest';
import { socketUrlFor } from '../../../../../src/renderer/features/socket/connection';

describe('socketUrlFor', () => {
  it('builds the socket URL from the page origin', () => {
    expect(socketUrlFor({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
    expect(socketUrlFor({ protocol: 'https:', host: 'hearken.example' })).toBe('wss://hearken.example/ws');
  });
});
