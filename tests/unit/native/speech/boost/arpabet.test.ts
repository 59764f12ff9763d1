import { describe, expect, it } from 'vitest';
import { CMU_PHONES, ipaToCmu } from '../../../../../src/native/speech/boost/arpabet';

describe('ipaToCmu', () => {
  // IPA as eSpeak NG 1.51 writes it for en-us; CMU phones as cmudict-en-us.dict has them.
  it.each([
    ['θˈoːɹntən', 'TH AO R N T AH N'], // thornton (cmudict: TH AO R N T AH N)
    ['wˈɔːɾɚ', 'W AO T ER'], // water
    ['bˈɑːɾəl', 'B AA T AH L'], // bottle, flap as T
    ['nˈɜːs', 'N ER S'], // nurse
    ['tʃˈɛɹ', 'CH EH R'], // chair
    ['dʒˈʌdʒ', 'JH AH JH'], // judge
    ['hɜːmˈaɪəni', 'HH ER M AY AH N IY'], // hermione
    ['zɛlˈɛnski', 'Z EH L EH N S K IY'], // zelensky
    ['ˈɔɪstɚ', 'OY S T ER'], // oyster
    ['ˈaʊtsˌaɪd', 'AW T S AY D'], // outside
    ['sˈɪŋɪŋ', 'S IH NG IH NG'], // singing
    ['ʒˈɑːnɹə', 'ZH AA N R AH'], // genre
  ])('%s -> %s', (ipa, cmu) => {
    expect(ipaToCmu(ipa)?.join(' ')).toBe(cmu);
  });

  it('keeps one R after an r-coloured vowel', () => {
    expect(ipaToCmu('fˈɜːɹst')).toEqual(['F', 'ER', 'S', 'T']);
  });

  it('gives only phones of the CMU set', () => {
    const phones = new Set<string>(CMU_PHONES);
    for (const ipa of ['ðə kwˈɪk bɹˈaʊn fˈɑːks', 'ʒuː', 'hˈoʊtɛl', 'jˈɛs', 'ʍˈɛn']) {
      for (const p of ipaToCmu(ipa) ?? ['none']) expect(phones.has(p), `${ipa}: ${p}`).toBe(true);
    }
  });

  it('gives nothing rather than a guess for a symbol it does not know', () => {
    expect(ipaToCmu('kʰæʈ')).toBeUndefined();
    expect(ipaToCmu('ˈ')).toBeUndefined();
  });
});
