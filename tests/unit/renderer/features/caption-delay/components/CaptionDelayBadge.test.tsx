// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptionDelayBadge } from '../../../../../../src/renderer/features/caption-delay/components/CaptionDelayBadge';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

describe('CaptionDelayBadge', () => {
  it('shows nothing until a spoken caption was measured, and its status is empty', () => {
    renderApp(<CaptionDelayBadge />);
    expect(screen.queryByTestId('caption-delay')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('is a quiet badge with the median and p95, not a live region', () => {
    renderApp(<CaptionDelayBadge />, {
      captionDelay: { summary: { medianMs: 800, p95Ms: 1400, count: 12 }, tooLong: false },
    });
    const badge = screen.getByTestId('caption-delay');
    expect(badge.textContent).toBe('Caption delay 0.8 s (most words under 1.4 s)');
    expect(badge.closest('[role="status"],[aria-live]')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('turns to a warning past 3 s, said once in words that do not change with the figure', () => {
    renderApp(<CaptionDelayBadge />, {
      captionDelay: { summary: { medianMs: 3600, p95Ms: 5200, count: 12 }, tooLong: true },
    });
    expect(screen.getByTestId('caption-delay').textContent).toContain('Captions are running late');
    expect(screen.getByTestId('caption-delay')).toHaveProperty('dataset.late', 'true');
    expect(screen.getByRole('status').textContent).toBe(
      'Captions are running more than 3 seconds behind speech.',
    );
  });
});
