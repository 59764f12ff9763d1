// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FieldProblem,
  problemProps,
} from '../../../../../../src/renderer/features/workspace/components/FieldProblem';

afterEach(cleanup);

function Field({ problem }: { problem: string | undefined }) {
  return (
    <>
      <label htmlFor="name">Name</label>
      <input id="name" {...problemProps('name-error', problem)} />
      <FieldProblem id="name-error" problem={problem} />
    </>
  );
}

describe('FieldProblem and problemProps', () => {
  it('say the problem under the field, which is invalid and described by it', () => {
    render(<Field problem="The name is taken." />);
    const field = screen.getByRole('textbox', { name: 'Name' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe('name-error');
    const problem = document.getElementById('name-error');
    expect(problem).toBe(screen.getByTestId('name-error'));
    expect(problem?.className).toBe('field-problem');
    expect(problem?.textContent).toBe('The name is taken.');
  });

  it('leave no trace without a problem, an empty one included', () => {
    for (const problem of [undefined, '']) {
      const { unmount } = render(<Field problem={problem} />);
      const field = screen.getByRole('textbox', { name: 'Name' });
      expect(field.hasAttribute('aria-invalid')).toBe(false);
      expect(field.hasAttribute('aria-describedby')).toBe(false);
      expect(document.getElementById('name-error')).toBeNull();
      unmount();
    }
  });
});
