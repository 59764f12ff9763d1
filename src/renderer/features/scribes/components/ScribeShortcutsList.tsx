import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SCRIBE_SHORTCUTS, type ScribeShortcut } from '../../../../shared/scribe/shortcuts';

/** The Scribe keyboard shortcuts of a screen, listed (the same list docs/scribes.md gives). */
export function ScribeShortcutsList({ where }: { where: ScribeShortcut['where'] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className="scribe-shortcuts" data-testid="scribe-shortcuts">
      <h3 id={id}>{t('scribe.shortcutsHeading')}</h3>
      <dl>
        {SCRIBE_SHORTCUTS.filter((s) => s.where === where).map((s) => (
          <div key={s.code} className="scribe-shortcut">
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{t(`scribe.shortcuts.${s.action}`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
