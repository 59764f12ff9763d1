/** The HTTP API's paths: one table of route patterns, filled in by the client's path builders. */
import { describe, expect, it } from 'vitest';
import { API, API_ROUTES, fillRoute } from '../../../src/shared/api';

describe('fillRoute', () => {
  it('puts each value in place of its parameter, URI-encoded', () => {
    expect(fillRoute('/a/:x/b/:y', { x: 'one two', y: 'c/d?e' })).toBe('/a/one%20two/b/c%2Fd%3Fe');
  });

  it('leaves a path without parameters as it is', () => {
    expect(fillRoute('/api/v1.1/health', {})).toBe('/api/v1.1/health');
  });

  it('refuses a pattern whose parameter has no value', () => {
    expect(() => fillRoute('/a/:x/:y', { x: '1' })).toThrow(':y');
  });
});

describe('the client paths with a parameter', () => {
  // The spec's paths, as the client calls them; the server registers API_ROUTES, so both sides
  // come from the same pattern.
  it.each([
    [API.guest('g 1'), API_ROUTES.guest, '/api/v1/guest-users/g%201'],
    [API.token('t/1'), API_ROUTES.token, '/api/v1/tokens/t%2F1'],
    [API.roomName('calm-otter-42'), API_ROUTES.roomName, '/api/v1/room-names/calm-otter-42'],
    [API.roomTranscripts('h_r1'), API_ROUTES.roomTranscripts, '/api/v1/rooms/h_r1/transcripts'],
    [API.userV11('a?b'), API_ROUTES.userV11, '/api/v1.1/users/a%3Fb'],
  ])('%s fills %s', (path, pattern, expected) => {
    expect(path).toBe(expected);
    const shape = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/:\w+/g, '[^/]+')}$`);
    expect(path).toMatch(shape);
  });
});
