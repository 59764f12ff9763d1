import { describe, expect, it } from 'vitest';
import {
  fromApertiumOutput,
  splitFlushed,
  toApertiumInput,
} from '../../../../src/server/translation/apertium-stream';

describe('toApertiumInput', () => {
  it('escapes the characters the stream format reserves', () => {
    expect(toApertiumInput('a [b] ^c$ 3/4 <i> @x {y} \\z')).toBe(
      'a \\[b\\] \\^c\\$ 3\\/4 \\<i\\> \\@x \\{y\\} \\\\z',
    );
  });

  it('never lets a null character end the input early, and turns controls and ~ into spaces', () => {
    expect(toApertiumInput('one\u0000two\u0007three~four\nfive')).toBe('one two three four\nfive');
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(toApertiumInput('¿Sí? Émile paid 3,5 € at 10:30 😀')).toBe('¿Sí? Émile paid 3,5 € at 10:30 😀');
  });
});

describe('fromApertiumOutput', () => {
  it('undoes escapes, folds the blanks of dropped words and trims', () => {
    expect(fromApertiumOutput(' Entonces  comemos \\[x\\] 3\\/4 ')).toBe('Entonces comemos [x] 3/4');
    expect(fromApertiumOutput('una \\\\ barra')).toBe('una \\ barra');
    expect(fromApertiumOutput('línea uno \n  línea dos')).toBe('línea uno\nlínea dos');
  });

  it('round-trips text through escaping when the pipeline copies it', () => {
    const text = 'a [b] ^c$ 3/4 <i> @x {y} \\z';
    expect(fromApertiumOutput(toApertiumInput(text))).toBe(text);
  });
});

describe('splitFlushed', () => {
  it('gives each complete output and keeps the incomplete one for later', () => {
    expect(splitFlushed('Hola\0Adiós\0Bue')).toEqual({ outputs: ['Hola', 'Adiós'], rest: 'Bue' });
    expect(splitFlushed('Hola')).toEqual({ outputs: [], rest: 'Hola' });
    expect(splitFlushed('\0\0')).toEqual({ outputs: ['', ''], rest: '' });
  });
});
