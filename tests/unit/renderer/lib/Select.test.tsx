// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LabelledSelect, Select } from '../../../../src/renderer/lib/Select';

afterEach(cleanup);

describe('Select', () => {
  it('keeps Blueprint’s caret out of the accessibility tree (no English "Open dropdown" title)', () => {
    render(
      <Select aria-label="Colour">
        <option value="red">Red</option>
      </Select>,
    );
    expect(screen.getByRole('combobox', { name: 'Colour' })).toBeTruthy();
    expect(document.body.innerHTML).not.toContain('Open dropdown');
  });
});

describe('LabelledSelect', () => {
  const colours = (props: { onChange?: () => void; disabled?: boolean } = {}) => (
    <LabelledSelect
      label="Colour"
      value="red"
      data-testid="colour"
      onChange={props.onChange ?? (() => {})}
      {...props}
    >
      <option value="red">Red</option>
      <option value="blue">Blue</option>
    </LabelledSelect>
  );

  it('is named by its visible label, above it in an inline field', () => {
    render(colours());
    const select = screen.getByRole('combobox', { name: 'Colour' });
    expect(select).toBe(screen.getByTestId('colour'));
    const label = screen.getByText('Colour');
    expect(label.tagName).toBe('LABEL');
    expect(label.getAttribute('for')).toBe(select.id);
    expect(label.parentElement?.className).toBe('inline-field');
  });

  it('gives each select its own id, so two labels never name the same one', () => {
    render(
      <>
        {colours()}
        <LabelledSelect label="Size" value="s" onChange={() => {}}>
          <option value="s">Small</option>
        </LabelledSelect>
      </>,
    );
    const colour = screen.getByRole('combobox', { name: 'Colour' });
    const size = screen.getByRole('combobox', { name: 'Size' });
    expect(colour.id).not.toBe(size.id);
  });

  it('passes the select’s own props on: its options, value, change and state', () => {
    const onChange = vi.fn();
    render(colours({ onChange, disabled: true }));
    const select = screen.getByRole('combobox', { name: 'Colour' }) as HTMLSelectElement;
    expect(select.value).toBe('red');
    expect(select.disabled).toBe(true);
    expect([...select.options].map((o) => o.textContent)).toEqual(['Red', 'Blue']);
    fireEvent.change(select, { target: { value: 'blue' } });
    expect(onChange).toHaveBeenCalledOnce();
  });
});
