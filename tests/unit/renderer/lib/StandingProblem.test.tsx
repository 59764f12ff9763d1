// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StandingProblem } from '../../../../src/renderer/lib/StandingProblem';

afterEach(cleanup);

describe('StandingProblem', () => {
  it('is an alert saying what is wrong, then the way out', () => {
    render(
      <StandingProblem message="No microphone was found." data-testid="problem" data-error="NO_MIC">
        <button type="button">Try again</button>
      </StandingProblem>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toBe(screen.getByTestId('problem'));
    expect(alert.getAttribute('data-error')).toBe('NO_MIC');
    expect(alert.className).toContain('bp6-intent-danger');
    expect(alert.className).toContain('page-callout');
    expect(alert.querySelector('p')?.textContent).toBe('No microphone was found.');
    expect(alert.lastElementChild).toBe(screen.getByRole('button', { name: 'Try again' }));
  });
});
