// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScribeDashboardPage } from '../../../../../../src/renderer/features/dashboards/components/ScribeDashboardPage';
import type { ScribeRequestView } from '../../../../../../src/shared/scribe/api';
import { profile } from '../../../../../helpers/account-sagas';
import { renderApp } from '../../../../../helpers/render-app';

const NOW = 1_000_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const request = (id: string, extra: Partial<ScribeRequestView>): ScribeRequestView => ({
  id,
  roomId: `room-${id}`,
  roomTitle: `Room ${id}`,
  requester: { avaId: `a-${id}`, userName: `Person ${id}` },
  correctionMode: 'fast',
  state: 'pending',
  createdAtMs: NOW - 60_000,
  scribeSeconds: 0,
  scribeConnected: true,
  chat: [],
  ...extra,
});

describe('ScribeDashboardPage', () => {
  it('says how long since each room’s captions changed, on the server’s clock, waiting or served', () => {
    renderApp(<ScribeDashboardPage />, {
      profile: { status: 'ready', profile: profile({ features: { scribe: true } }) },
      scribe: {
        // The server's clock is 2 s ahead of ours.
        clockOffsetMs: 2000,
        dashboard: {
          nowMs: NOW + 2000,
          waiting: [request('w', { lastCaptionAtMs: NOW - 5000 })],
          serving: [request('s', { state: 'connected' })],
        },
      },
    });
    expect(screen.getAllByTestId('seconds-since-update').map((p) => p.textContent)).toEqual([
      'Last caption update: 7 s ago',
      'No caption yet',
    ]);
  });
});
