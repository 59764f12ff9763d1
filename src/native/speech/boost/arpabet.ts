/**
 * eSpeak NG's IPA for US English, mapped to the CMU dictionary's phone set (the 39 ARPAbet
 * phones PocketSphinx's en-us acoustic model knows), so a word missing from the dictionary gets
 * a pronunciation the decoder can use. Pure: espeak.ts runs eSpeak NG.
 *
 * The mapping reads the IPA left to right, longest symbol first; stress marks, length marks
 * after a vowel already mapped, syllable breaks and ties are dropped. An r-coloured vowel
 * followed by ɹ keeps one R (ER, not ER R).
 */

/** Every phone of the CMU dictionary (cmudict-en-us.dict), without stress digits. */
export const CMU_PHONES = [
  'AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'B', 'CH', 'D', 'DH', 'EH', 'ER', 'EY', 'F', 'G', 'HH', 'IH',
  'IY', 'JH', 'K', 'L', 'M', 'N', 'NG', 'OW', 'OY', 'P', 'R', 'S', 'SH', 'T', 'TH', 'UH', 'UW', 'V',
  'W', 'Y', 'Z', 'ZH',
] as const; // prettier-ignore

/** IPA symbols (as eSpeak NG writes them for en-us) and the CMU phones they stand for. */
const IPA_TO_CMU: ReadonlyArray<readonly [string, readonly string[]]> = [
  // diphthongs and r-coloured vowels first: they are longer than their parts
  ['aɪə', ['AY', 'AH']],
  ['aʊə', ['AW', 'AH']],
  ['aɪ', ['AY']],
  ['aʊ', ['AW']],
  ['ɔɪ', ['OY']],
  ['eɪ', ['EY']],
  ['oʊ', ['OW']],
  ['əʊ', ['OW']],
  ['ɪə', ['IY', 'AH']],
  ['ɛə', ['EH', 'R']],
  ['ʊə', ['UH', 'R']],
  ['ɜː', ['ER']],
  ['ɝ', ['ER']],
  ['ɚ', ['ER']],
  ['tʃ', ['CH']],
  ['dʒ', ['JH']],
  ['n̩', ['AH', 'N']],
  ['l̩', ['AH', 'L']],
  ['m̩', ['AH', 'M']],
  // vowels
  ['ɑː', ['AA']],
  ['ɑ', ['AA']],
  ['ɒ', ['AA']],
  ['æ', ['AE']],
  ['ʌ', ['AH']],
  ['ə', ['AH']],
  ['ɐ', ['AH']],
  ['ɔː', ['AO']],
  ['ɔ', ['AO']],
  ['oː', ['AO']],
  ['o', ['OW']],
  ['ɛ', ['EH']],
  ['e', ['EH']],
  ['ɪ', ['IH']],
  ['ᵻ', ['IH']],
  ['iː', ['IY']],
  ['i', ['IY']],
  ['ʊ', ['UH']],
  ['uː', ['UW']],
  ['u', ['UW']],
  ['a', ['AE']],
  // consonants
  ['p', ['P']],
  ['b', ['B']],
  ['t', ['T']],
  ['d', ['D']],
  ['k', ['K']],
  ['ɡ', ['G']],
  ['g', ['G']],
  ['f', ['F']],
  ['v', ['V']],
  ['θ', ['TH']],
  ['ð', ['DH']],
  ['s', ['S']],
  ['z', ['Z']],
  ['ʃ', ['SH']],
  ['ʒ', ['ZH']],
  ['h', ['HH']],
  ['m', ['M']],
  ['n', ['N']],
  ['ŋ', ['NG']],
  ['l', ['L']],
  ['ɫ', ['L']],
  ['ɬ', ['L']],
  ['ɹ', ['R']],
  ['r', ['R']],
  ['ɾ', ['T']],
  ['w', ['W']],
  ['ʍ', ['W']],
  ['j', ['Y']],
  ['x', ['K']],
  ['ç', ['HH']],
  ['ʔ', []],
];

/** Marks that carry no phone: stress, length, syllable and word breaks, ties. */
const IGNORED = new Set([
  'ˈ',
  'ˌ',
  'ː',
  'ˑ',
  '.',
  '-',
  '_',
  ' ',
  '\u0361',
  '\u035c',
  '\u0329',
  '\u032f',
  '|',
]);

/**
 * The CMU phones of one word's IPA, or undefined when a symbol is not known (the word is then
 * better left out than given a wrong pronunciation).
 */
export function ipaToCmu(ipa: string): string[] | undefined {
  const phones: string[] = [];
  let i = 0;
  const text = ipa.normalize('NFD');
  outer: while (i < text.length) {
    const ch = text[i]!;
    if (IGNORED.has(ch)) {
      i += 1;
      continue;
    }
    for (const [symbol, cmu] of IPA_TO_CMU) {
      const nfd = symbol.normalize('NFD');
      if (text.startsWith(nfd, i)) {
        for (const phone of cmu) {
          // ɚɹ, ɜːɹ: one R-coloured vowel, not ER R.
          if (phone === 'R' && phones[phones.length - 1] === 'ER') continue;
          phones.push(phone);
        }
        i += nfd.length;
        continue outer;
      }
    }
    return undefined;
  }
  return phones.length > 0 ? phones : undefined;
}
