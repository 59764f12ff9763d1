/**
 * The 5prealpha crash (docs/boost.md, "The 5prealpha crash"): boost lists whose later words
 * became history words past the trie's vocabulary made sphinxbase's n-gram search read outside
 * its arrays and end the process. Each list here decodes in a child process, so a crash fails
 * the test (exit by SIGSEGV) rather than ending the runner.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { MAX_DECODER_BOOST_WORDS } from '../../src/native/speech/pocketsphinx/engine';

const root = resolve(import.meta.dirname, '../..');
/** "YOU WHO WERE ALWAYS ACCUSING PEOPLE OF BEING SHOPPY AT HELSTONE". */
const FILE = '1688-142285-0005.wav';

interface Decoded {
  code: number | null;
  signal: NodeJS.Signals | null;
  boosted: string[];
  text: string;
}

function decode(words: readonly string[]): Promise<Decoded> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(root, 'tests/fixtures/boost-decode.ts'), FILE, words.join(',')],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      const result = line
        ? (JSON.parse(line) as { boosted: string[]; text: string })
        : { boosted: [], text: '' };
      done({ code, signal, ...result });
    });
  });
}

/** Made-up words in the pattern of the list first reported (`babazan`, `kobazan`, ...). */
function madeUp(count: number): string[] {
  const syllables = ['ba', 'ko', 'di', 'mu', 'te', 'lo', 'ra', 'ni', 'su', 've', 'ga', 'po'];
  const out: string[] = [];
  for (const a of syllables) for (const b of syllables) out.push(`${a}${b}zan`);
  return out.slice(0, count);
}

it('decodes with the list that crashed libpocketsphinx, and recognises the boosted name', async () => {
  // Before the fix this exact list, in this order, ended the process in lm_trie_score.
  const list = [
    'sugazan',
    'gamuzan',
    'gatezan',
    'podizan',
    'helstone',
    'didizan',
    'balozan',
    'badizan',
    'kovezan',
  ];
  const result = await decode(list);
  expect(result.signal).toBeNull();
  expect(result.code).toBe(0);
  expect(result.boosted).toEqual(list);
  expect(result.text.split(' ')).toContain('helstone');
}, 120_000);

it('decodes with as many words as a decoder takes, the name last', async () => {
  const list = [...madeUp(MAX_DECODER_BOOST_WORDS - 1), 'helstone'];
  const result = await decode(list);
  expect(result.signal).toBeNull();
  expect(result.code).toBe(0);
  expect(result.boosted).toHaveLength(MAX_DECODER_BOOST_WORDS);
  expect(result.text.split(' ')).toContain('helstone');
}, 120_000);
