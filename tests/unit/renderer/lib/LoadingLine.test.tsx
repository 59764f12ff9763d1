// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingLine } from '../../../../src/renderer/lib/LoadingLine';

afterEach(cleanup);

describe('LoadingLine', () => {
  it('is a status saying what is awaited, its spinner hidden from screen readers', () => {
    render(<LoadingLine label="Loading the transcript…" />);
    const status = screen.getByRole('status');
    expect(status.className).toBe('loading-line');
    expect(status.textContent).toBe('Loading the transcript…');
    const spinner = status.querySelector('.bp6-spinner');
    expect(spinner?.getAttribute('aria-hidden')).toBe('true');
    expect(spinner?.querySelector('svg')?.getAttribute('width')).toBe('20');
  });

  it('takes the spinner size of its place (a page’s is larger)', () => {
    render(<LoadingLine label="Loading…" spinnerSize={40} />);
    expect(screen.getByRole('status').querySelector('svg')?.getAttribute('width')).toBe('40');
  });

  it('is no second status inside one that already announces it', () => {
    render(
      <div role="status" data-testid="outer">
        <LoadingLine label="Signing out…" insideStatus />
      </div>,
    );
    expect(screen.getAllByRole('status')).toEqual([screen.getByTestId('outer')]);
    expect(screen.getByTestId('outer').textContent).toBe('Signing out…');
  });
});
