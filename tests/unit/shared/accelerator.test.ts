import { describe, expect, it } from 'vitest';
import { DEFAULT_GLOBAL_SHORTCUT, checkGlobalAccelerator } from '../../../src/shared/accelerator';

describe('checkGlobalAccelerator', () => {
  it.each([
    [DEFAULT_GLOBAL_SHORTCUT, 'CommandOrControl+Alt+H'],
    ['ctrl+shift+c', 'Ctrl+Shift+C'],
    [' CmdOrCtrl + Alt + F12 ', 'CmdOrCtrl+Alt+F12'],
    ['Alt+Space', 'Alt+Space'],
    ['Ctrl++', 'Ctrl++'],
    ['Super+num5', 'Super+num5'],
    ['Ctrl+Ctrl+K', 'Ctrl+K'],
    ['Option+pagedown', 'Option+PageDown'],
  ])('accepts %j as %j', (input, expected) => {
    expect(checkGlobalAccelerator(input)).toEqual({ ok: true, accelerator: expected });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['H', 'needs-modifier'],
    ['Shift+H', 'needs-modifier'],
    ['Ctrl+Alt', 'no-key'],
    ['Ctrl+A+B', 'two-keys'],
    ['Ctrl+F25', 'unknown-key'],
    ['Ctrl+Hyper', 'unknown-key'],
    ['Ctrl+é', 'unknown-key'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(checkGlobalAccelerator(input)).toEqual({ ok: false, problem });
  });
});
