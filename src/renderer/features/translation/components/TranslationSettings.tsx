import { AutoTranslateControl } from './AutoTranslateControl';
import { ReadingLanguageSelect } from './ReadingLanguageSelect';

/** The conversation screen's translation controls: one's reading language, and the host's auto-translate. */
export function TranslationSettings() {
  return (
    <>
      <ReadingLanguageSelect />
      <AutoTranslateControl />
    </>
  );
}
