// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubmitActions } from '../../../../src/renderer/lib/SubmitActions';

afterEach(cleanup);

describe('SubmitActions', () => {
  it('submits its form with the one primary button', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <SubmitActions label="Send" testId="send" />
      </form>,
    );
    const submit = screen.getByRole('button', { name: 'Send' });
    expect(submit).toBe(screen.getByTestId('send'));
    expect(submit.getAttribute('type')).toBe('submit');
    expect(submit.className).toContain('bp6-intent-primary');
    expect(submit.parentElement?.className).toBe('page-actions');
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('spins and cannot be pressed again while busy', () => {
    render(<SubmitActions label="Send" testId="send" busy />);
    const submit = screen.getByTestId('send') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.querySelector('.bp6-spinner')).not.toBeNull();
  });

  it('puts the other action beside it, a plain button that does not submit', () => {
    const onSubmit = vi.fn();
    const onBack = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <SubmitActions
          label="Send"
          testId="send"
          other={{ label: 'Back', onClick: onBack, testId: 'back' }}
        />
      </form>,
    );
    const back = screen.getByRole('button', { name: 'Back' });
    expect(back).toBe(screen.getByTestId('back'));
    expect(back.getAttribute('type')).toBe('button');
    expect(back.className).toContain('bp6-minimal');
    fireEvent.click(back);
    expect(onBack).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
