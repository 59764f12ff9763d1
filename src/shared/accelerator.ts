/**
 * Global shortcuts are Electron accelerators ("CommandOrControl+Alt+H"). The preferences screen
 * checks what the user types with the same rule the main process applies before registering
 * it, so a typo is explained instead of silently doing nothing.
 */

const MODIFIERS = new Map<string, string>(
  [
    'Command',
    'Cmd',
    'Control',
    'Ctrl',
    'CommandOrControl',
    'CmdOrCtrl',
    'Alt',
    'Option',
    'AltGr',
    'Shift',
    'Super',
    'Meta',
  ].map((m) => [m.toLowerCase(), m]),
);

const NAMED_KEYS = [
  'Plus',
  'Space',
  'Tab',
  'Capslock',
  'Numlock',
  'Scrolllock',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Enter',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'Esc',
  'PrintScreen',
  'VolumeUp',
  'VolumeDown',
  'VolumeMute',
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  'MediaPlayPause',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
];
const NAMED = new Map(NAMED_KEYS.map((k) => [k.toLowerCase(), k]));
const PUNCTUATION = new Set([...')!@#$%^&*(:;:+=<,_->.?/~`{][|\\}"\'']);

export const DEFAULT_GLOBAL_SHORTCUT = 'CommandOrControl+Alt+H';

export type AcceleratorProblem = 'empty' | 'unknown-key' | 'no-key' | 'two-keys' | 'needs-modifier';

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; problem: AcceleratorProblem };

function keyName(part: string): string | undefined {
  if (/^[a-z0-9]$/i.test(part)) return part.toUpperCase();
  if (/^f([1-9]|1[0-9]|2[0-4])$/i.test(part)) return part.toUpperCase();
  if (/^num[0-9]$/i.test(part)) return part.toLowerCase();
  if (part.length === 1 && PUNCTUATION.has(part)) return part;
  return NAMED.get(part.toLowerCase());
}

/**
 * Checks and normalises an accelerator for a global shortcut: modifiers and exactly one key, and
 * at least one modifier other than Shift, so a shortcut never steals a plain key (or a capital
 * letter) from every other application.
 */
export function checkGlobalAccelerator(input: string): AcceleratorCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  // "Ctrl++" means Ctrl and the plus key: split on "+" not followed by the end.
  const parts = trimmed.split(/\+(?!$)/).map((p) => p.trim());
  const modifiers: string[] = [];
  const keys: string[] = [];
  for (const part of parts) {
    const modifier = MODIFIERS.get(part.toLowerCase());
    if (modifier) {
      if (!modifiers.includes(modifier)) modifiers.push(modifier);
      continue;
    }
    const key = keyName(part);
    if (!key) return { ok: false, problem: 'unknown-key' };
    keys.push(key);
  }
  if (keys.length === 0) return { ok: false, problem: 'no-key' };
  if (keys.length > 1) return { ok: false, problem: 'two-keys' };
  if (modifiers.filter((m) => m !== 'Shift').length === 0) return { ok: false, problem: 'needs-modifier' };
  return { ok: true, accelerator: [...modifiers, keys[0]!].join('+') };
}
